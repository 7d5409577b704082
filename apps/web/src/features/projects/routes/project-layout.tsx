import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { KEYBOARD_SHORTCUTS_SECTION_ID, keyboardShortcuts } from '../../../config/keyboard-shortcuts';
import { paths, projectPages } from '../../../config/paths';
import { useKeyboardShortcut } from '../../../hooks/use-keyboard-shortcut';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';
import { useProject } from '../api/get-project-by-identifier';
import type { CurrentProject } from '../../../lib/current-project';
import { PROJECT_LOAD_FAILED, projectNotFoundMessage } from '../components/project-messages';
import { ProjectNav } from '../components/project-nav';
import { ProjectSwitcher } from '../components/project-switcher';

/** The project area: the project named in the address, its page navigation and the current page. */
function ProjectLayout() {
  const { projectSlug = '' } = useParams();
  const { organizationData } = useAuth();
  const organisationId = organizationData?.id ?? '';
  const project = useProject(organisationId, projectSlug);
  const notFound = project.isError && isApiError(project.error, 404);
  // A 401 ends the session (the app goes to /login): nothing to say about the project.
  const signedOut = project.isError && isApiError(project.error, 401);

  // docs/product/rules-and-messages.md#errors: the toasts of a failed project load (notify drops a repeat within 5 s).
  useEffect(() => {
    if (!project.isError || signedOut) return;
    if (notFound) notify.error(projectNotFoundMessage(projectSlug));
    else notify.error(PROJECT_LOAD_FAILED);
  }, [project.isError, notFound, signedOut, projectSlug]);

  // `?` anywhere in the project: its help page, at the keyboard shortcuts.
  const navigate = useNavigate();
  useKeyboardShortcut(keyboardShortcuts.help.key, () => {
    void navigate(`${projectPages.helpSupport.getHref(projectSlug)}#${KEYBOARD_SHORTCUTS_SECTION_ID}`);
  });

  if (notFound) {
    return (
      <ContentLayout title="Project not found">
        <div className="mt-6 flex flex-col items-start gap-4">
          <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-pretty text-muted-foreground">
            There is no project &ldquo;{projectSlug}&rdquo; in your organisation. It may have been deleted, or the link is mistyped.
          </p>
          <Link to={paths.home.getHref()} className={buttonClasses('primary')}>
            Back to projects
          </Link>
        </div>
      </ContentLayout>
    );
  }
  if (project.isError) {
    return (
      <ContentLayout title="Project">
        <div className="mt-6">
          <LoadError message={PROJECT_LOAD_FAILED} onRetry={() => void project.refetch()} />
        </div>
      </ContentLayout>
    );
  }

  // The frame and the page's heading show at once; each page shows its own loading state.
  const context: CurrentProject = { project: project.data };
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      {/* Beside the page from md up, it stays in view below the sticky top bar (h-14) on long pages (issue 21). */}
      <aside className="flex flex-col gap-3 border-b p-2 md:sticky md:top-14 md:max-h-[calc(100dvh-3.5rem)] md:w-60 md:shrink-0 md:self-start md:overflow-y-auto md:border-b-0">
        {project.data && <ProjectSwitcher organisationId={organisationId} current={project.data} />}
        <ProjectNav projectSlug={projectSlug} />
      </aside>
      {/* The dividing line is the page's: the sticky sidebar is only as tall as its links. */}
      <div className="flex min-w-0 flex-1 flex-col md:border-l">
        <Outlet context={context} />
      </div>
    </div>
  );
}

export { ProjectLayout as Component };
