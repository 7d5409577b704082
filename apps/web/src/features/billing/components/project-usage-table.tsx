import { Link } from 'react-router';
import type { Usage } from '@questboard/shared/billing';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Badge } from '../../../components/ui/badge';
import { projectPages } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { formatBytes, formatCount } from './usage-figures';

const cell = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap';
const lastCell = 'py-2.5 pr-5 pl-3 text-right tabular-nums whitespace-nowrap sm:pr-6';

/** Every project of the organisation this month, the one on screen marked. Narrow windows scroll it sideways. */
export function ProjectUsageTable({
  projects,
  organisation,
  currentProjectId,
}: {
  projects: Usage['projects'];
  organisation: Usage['organisation'];
  currentProjectId: string;
}) {
  return (
    <SettingsSection title="Projects" count={projects.length} description="Each project's share of this month's usage.">
      <div
        role="region"
        aria-label="Usage per project"
        tabIndex={0}
        className="-mx-5 -mb-5 overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:-mx-6 sm:-mb-6"
      >
        <table className="w-full min-w-[600px] text-left text-sm">
          <caption className="sr-only">Usage per project this month</caption>
          <thead className="border-y bg-muted/60 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 pl-5 font-medium sm:pl-6">
                Project
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Events today
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                This month
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                <abbr title="Monthly active players" className="no-underline">
                  MAP
                </abbr>
              </th>
              <th scope="col" className="py-2 pr-5 pl-3 text-right font-medium sm:pr-6">
                Storage
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {projects.map((project) => {
              const current = project.id === currentProjectId;
              return (
                <tr key={project.id} className={cn(current && 'bg-primary/[0.06] dark:bg-primary/[0.14]')}>
                  <th
                    scope="row"
                    className={cn(
                      'max-w-64 py-2.5 pr-3 pl-5 font-normal sm:pl-6',
                      current && 'shadow-[inset_3px_0_0_var(--primary)]',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <Link
                        to={projectPages.overview.getHref(project.identifier)}
                        className="truncate rounded font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {project.name}
                      </Link>
                      {current && <Badge tone="info">This project</Badge>}
                    </span>
                  </th>
                  <td className={cell}>{formatCount(project.eventsToday)}</td>
                  <td className={cell}>{formatCount(project.eventsThisMonth)}</td>
                  <td className={cell}>{formatCount(project.monthlyActivePlayers)}</td>
                  <td className={lastCell}>{formatBytes(project.storageBytes)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t bg-muted/60 font-medium">
            <tr>
              <th scope="row" className="py-2.5 pr-3 pl-5 text-left sm:pl-6">
                Organisation
              </th>
              <td className={cell}>{formatCount(organisation.eventsToday)}</td>
              <td className={cell}>{formatCount(organisation.eventsThisMonth)}</td>
              <td className={cell}>{formatCount(organisation.monthlyActivePlayers)}</td>
              <td className={lastCell}>{formatBytes(organisation.storageBytes)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </SettingsSection>
  );
}
