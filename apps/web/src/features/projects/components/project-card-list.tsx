import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime, justNowText } from '@questboard/shared/dates';
import type { Project } from '@questboard/shared/projects';

import { projectPages } from '../../../config/paths';

const EXCERPT_LENGTH = 140;

/** The first words of a description, cut at a word boundary. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** 'updated 3 hours ago', 'updated just now' (mid-sentence, so lower case). */
function updatedText(updatedAt: string): string {
  const relative = formatRelativeTime(updatedAt);
  return relative === justNowText ? 'just now' : relative;
}

/** One card per project; the whole card opens the project's overview. */
export function ProjectCardList({ projects }: { projects: Project[] }) {
  return (
    <ul aria-label="Projects" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <Link
            to={projectPages.overview.getHref(project.identifier)}
            className="flex h-full flex-col gap-2 rounded-2xl border bg-card p-4 shadow-xs transition-colors outline-none hover:border-ring/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold">{project.name}</span>
              <span className="truncate font-mono text-xs text-muted-foreground">{project.identifier}</span>
            </span>
            <span className="line-clamp-3 text-sm text-pretty text-muted-foreground">{excerpt(project.description)}</span>
            <span className="mt-auto text-xs text-muted-foreground">
              Updated <time dateTime={project.updatedAt} title={formatDateTime(project.updatedAt)}>{updatedText(project.updatedAt)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
