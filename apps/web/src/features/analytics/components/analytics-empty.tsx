import { ChartNoAxesColumn } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { projectPages } from '../../../config/paths';
import { formatRange } from '../lib/format';

/**
 * No events in the range: how to get some, on the developer page (the SDK snippet or demo data).
 * `projectSlug` is the project's address name (project.identifier).
 */
export function AnalyticsEmpty({
  projectSlug,
  range,
  filtered = false,
  title = 'No events in this range',
}: {
  projectSlug: string;
  range?: { from: string; to: string };
  /** The view has filters: say they may be why. */
  filtered?: boolean;
  title?: string;
}) {
  return (
    <Card className="flex flex-col items-start gap-3 p-6">
      <ChartNoAxesColumn aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-base font-semibold tracking-tight">{title}</h2>
      <p className="max-w-prose text-sm text-pretty text-muted-foreground">
        {range ? `Nothing was received for ${formatRange(range.from, range.to)} (UTC)` : 'Nothing was received for this range'}
        {filtered ? ' with these filters. Clear the filters or choose a longer range.' : '. Choose a longer range, or send events from your game.'}{' '}
        The developer page has the snippet that sends a first event, and demo data to try every page with.
      </p>
      <Link to={projectPages.developer.getHref(projectSlug)} className={buttonClasses('outline', 'sm')}>
        Send events or load demo data
      </Link>
    </Card>
  );
}
