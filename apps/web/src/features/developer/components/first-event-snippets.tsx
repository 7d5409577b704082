import { Info } from 'lucide-react';
import { useState } from 'react';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { useIngestKeys } from '../api/get-ingest-keys';
import { CodeBlock } from './code-block';
import { snippetKey } from './ingest-key-list';
import { KEY_PLACEHOLDER, curlSnippet, newSampleEvent, sdkSnippet } from './snippets';
import { SnippetTabs } from './snippet-tabs';

export const FIRST_EVENT_SECTION_ID = 'send-first-event';

/** Copy-ready snippets filled in with the project's first active key and this server's address. */
export function FirstEventSnippets({ projectId, origin }: { projectId: string; origin: string }) {
  const keys = useIngestKeys(projectId);
  const key = keys.data && snippetKey(keys.data);
  const input = { ingestKey: key?.key ?? KEY_PLACEHOLDER, origin };
  // Made when the page shows; a copy makes the next one, so a second paste sends a second event
  // (the endpoint stores an insert_id once).
  const [sample, setSample] = useState(() => newSampleEvent());

  return (
    <div id={FIRST_EVENT_SECTION_ID} className="scroll-mt-6">
      <SettingsSection
        title="Send your first event"
        description={
          key
            ? `Filled in with the key "${key.name}" and this server's address. The event shows up in the live check below within seconds.`
            : 'Create a key above, and these snippets fill it in.'
        }
      >
        {keys.data && !key && (
          <p className="mb-3 flex items-start gap-2 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            This project has no active key for games yet: the snippets show {KEY_PLACEHOLDER} in its place.
          </p>
        )}
        <SnippetTabs
          label="Snippet"
          tabs={[
            {
              id: 'sdk',
              label: 'SDK (TypeScript)',
              panel: (
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-pretty text-muted-foreground">
                    The <code className="font-mono text-[13px] text-foreground">@questboard/sdk</code> package batches events, keeps
                    them while the player is offline, and tracks sessions, in the browser and in Node.
                  </p>
                  <CodeBlock code={sdkSnippet(input)} label="SDK snippet" language="TypeScript" />
                </div>
              ),
            },
            {
              id: 'curl',
              label: 'curl',
              panel: (
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-pretty text-muted-foreground">
                    One event, straight to the endpoint: paste it into a terminal (macOS, Linux, WSL).
                  </p>
                  <CodeBlock
                    code={curlSnippet(input, sample)}
                    label="curl command"
                    language="Terminal"
                    onCopied={() => setSample(newSampleEvent())}
                  />
                </div>
              ),
            },
          ]}
        />
      </SettingsSection>
    </div>
  );
}
