import { Link } from 'react-router';

import { tableClasses } from '../../../components/ui/scroll-table';
import { projectPages } from '../../../config/paths';

/** The href of the explorer showing one event (it reads `event` from its URL). */
export const explorerHref = (projectSlug: string, event: string) =>
  `${projectPages.analytics.getHref(projectSlug)}?${new URLSearchParams({ event }).toString()}`;

/** A table row's heading cell: the event's name, linking to the explorer showing it. */
export function EventNameCell({ projectSlug, name }: { projectSlug: string; name: string }) {
  return (
    <th scope="row" className={`${tableClasses.td} font-normal`}>
      <Link to={explorerHref(projectSlug, name)} className="font-medium text-link underline-offset-4 hover:underline">
        {name}
      </Link>
    </th>
  );
}
