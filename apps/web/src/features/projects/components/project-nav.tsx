import { useId } from 'react';
import { NavLink } from 'react-router';

import { projectNavSections } from '../../../config/paths';
import { cn } from '../../../utils/cn';

/**
 * The project pages in their sections: a column with section titles on desktop, one row that
 * scrolls sideways on a phone (where the titles would only take room).
 */
export function ProjectNav({ projectSlug }: { projectSlug: string }) {
  // A title, not a heading: the page's own h1 comes after the sidebar.
  const idPrefix = useId();
  return (
    <nav aria-label="Project">
      {/* relative: the titles, visually hidden on a phone, are absolutely placed and must scroll with the row, not widen the page. */}
      <div className="relative flex gap-1 overflow-x-auto md:flex-col md:gap-4">
        {projectNavSections.map((section, index) => (
          <div key={section.title} className="flex shrink-0 flex-col gap-1">
            <p id={`${idPrefix}-${index}`} className="sr-only px-3 text-xs font-medium text-muted-foreground md:not-sr-only">
              {section.title}
            </p>
            <ul aria-labelledby={`${idPrefix}-${index}`} className="flex gap-1 md:flex-col">
              {section.pages.map((page) => (
                <li key={page.path}>
                  <NavLink
                    to={page.getHref(projectSlug)}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-2 text-sm whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground hover:bg-muted',
                      )
                    }
                  >
                    {page.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
