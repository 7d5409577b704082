import { Link } from 'react-router';

import { projectPages } from '../../../config/paths';
import { HelpSection } from './help-section';

/** packages/sdk/README.md's browser quick start, pointed at this server. */
export function quickStartSnippet(origin: string): string {
  return `import { createQuestboard } from '@questboard/sdk';

const qb = createQuestboard({
  key: 'qbk_…', // the project's ingestion key, from its developer page
  endpoint: '${origin}',
  platform: 'web',
  appVersion: '1.4.0',
});

qb.identify('player-8812'); // optional; until then a random id
qb.track('level_complete', { level: 3, stars: 2 });
qb.purchase({ productId: 'gems_500', amount: 4.99, currency: 'USD' });`;
}

export function QuickStartSection({ identifier, origin }: { identifier: string; origin: string }) {
  return (
    <HelpSection
      id="quick-start"
      title="Quick start"
      description="Send your game's first events with the TypeScript SDK (@questboard/sdk) for browser and Node games."
    >
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
        <li>
          Copy an ingestion key (<code className="font-mono">qbk_…</code>) from the{' '}
          <Link to={projectPages.developer.getHref(identifier)} className="font-medium text-link underline underline-offset-4">
            Developer page
          </Link>
          .
        </li>
        <li>Create the client once when the game starts, then track what players do:</li>
      </ol>
      <pre
        tabIndex={0}
        role="region"
        aria-label="SDK quick start code"
        className="mt-3 overflow-x-auto rounded-xl border bg-muted p-4 font-mono text-[13px] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{quickStartSnippet(origin)}</code>
      </pre>
      <p className="mt-3 text-sm text-muted-foreground">
        Events are sent in batches every 5 seconds to <code className="font-mono break-all">{origin}/ingest/v1/batch</code>; the
        Developer page shows them arrive.
      </p>
    </HelpSection>
  );
}
