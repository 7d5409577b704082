import { NavLink, Outlet, useParams } from 'react-router';

import { projectPages } from '../../../config/paths';
import { cn } from '../../../utils/cn';

/** The project area: its page navigation and the current page. */
function ProjectLayout() {
  const { projectId = '' } = useParams();

  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <nav aria-label="Project" className="border-b md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col">
          {Object.values(projectPages).map((page) => (
            <li key={page.path}>
              <NavLink
                to={page.getHref(projectId)}
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
      </nav>
      <Outlet />
    </div>
  );
}

export { ProjectLayout as Component };
