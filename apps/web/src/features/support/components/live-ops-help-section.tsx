import { Link } from 'react-router';
import { liveDefinitions } from '@questboard/shared/live-definitions';

import { projectPages } from '../../../config/paths';
import { HelpSection } from './help-section';

/** The SDK reading remote config (packages/sdk/README.md#remote-config), pointed at this server. */
export function remoteConfigHelpSnippet(origin: string): string {
  return `const qb = createQuestboard({
  key: 'qbk_…',
  endpoint: '${origin}',
  appVersion: '1.4.0', // app version rules read it
});
qb.identify('player-8812');

// At once, never blocking: the player's value, else the fallback.
const discount = qb.getConfig('shop.discount', 0);

// When a publish or a live event changes this player's values.
qb.onConfigUpdated((values) => applyShopDiscount(values['shop.discount']));`;
}

/** Remote config, rules and live events in the words of docs/product/live-ops.md, with an SDK example. */
export function LiveOpsHelpSection({ identifier, origin }: { identifier: string; origin: string }) {
  return (
    <HelpSection
      id="live-ops"
      title="Remote config and live events"
      description={
        <>
          Change the game without shipping a build: keys, rules and live events are edited and published on the{' '}
          <Link to={projectPages.liveOps.getHref(identifier)} className="font-medium text-link underline underline-offset-4">
            Live Ops page
          </Link>
          .
        </>
      }
    >
      {/* Laid out like the metric definitions above it. */}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(9rem,max-content)_1fr]">
        {liveDefinitions.map((definition) => (
          <div key={definition.key} className="contents">
            <dt className="font-medium">{definition.name}</dt>
            <dd className="-mt-2 text-pretty text-muted-foreground sm:mt-0">{definition.definition}</dd>
          </div>
        ))}
      </dl>
      <pre
        tabIndex={0}
        role="region"
        aria-label="Remote config SDK example"
        className="mt-4 overflow-x-auto rounded-xl border bg-muted p-4 font-mono text-[13px] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{remoteConfigHelpSnippet(origin)}</code>
      </pre>
    </HelpSection>
  );
}
