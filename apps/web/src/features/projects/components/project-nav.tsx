import { NavLink } from 'react-router';

import { projectPages } from '../../../config/paths';
import { cn } from '../../../utils/cn';

/** The twelve project pages: a column on desktop, a row that scrolls sideways on a phone. */
export function ProjectNav({ projectSlug }: { projectSlug: string }) {
  return (
    <nav aria-label="Project">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {Object.values(projectPages).map((page) => (
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
    </nav>
  );
}
