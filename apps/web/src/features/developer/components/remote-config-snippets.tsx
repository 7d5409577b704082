import { Link } from 'react-router';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { useIngestKeys } from '../api/get-ingest-keys';
import { CodeBlock } from './code-block';
import { snippetKey } from './ingest-key-list';
import { KEY_PLACEHOLDER, liveConfigCurlSnippet, remoteConfigSnippet } from './snippets';
import { SnippetTabs } from './snippet-tabs';

/** Copy-ready snippets for reading remote config (issue 15), beside the first-event ones. */
export function RemoteConfigSnippets({ projectId, origin, liveOpsHref }: { projectId: string; origin: string; liveOpsHref: string }) {
  const keys = useIngestKeys(projectId);
  const key = keys.data && snippetKey(keys.data);
  const input = { ingestKey: key?.key ?? KEY_PLACEHOLDER, origin };

  return (
    <SettingsSection
      title="Read remote config"
      description={
        <>
          Games read the values published on the{' '}
          <Link to={liveOpsHref} className="font-medium text-link underline-offset-4 hover:underline">
            Live Ops page
          </Link>{' '}
          with the same key they send events with; the server works out each player&rsquo;s values from the rules and live events.
        </>
      }
    >
      <SnippetTabs
        label="Remote config snippet"
        tabs={[
          {
            id: 'config-sdk',
            label: 'SDK (TypeScript)',
            panel: <CodeBlock code={remoteConfigSnippet(input)} label="Remote config SDK snippet" language="TypeScript" />,
          },
          {
            id: 'config-curl',
            label: 'curl',
            panel: <CodeBlock code={liveConfigCurlSnippet(input)} label="Remote config curl command" language="Terminal" />,
          },
        ]}
      />
    </SettingsSection>
  );
}
