import { ExternalLink } from 'lucide-react';
import { INGEST_MAX_EVENTS } from '@questboard/shared/events';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { CopyButton } from './copy-button';
import { INGEST_PATH, ingestUrl } from './snippets';

/** Where games send events: this server's address, ready to copy. */
export function IngestionEndpoint({ origin }: { origin: string }) {
  const url = ingestUrl(origin);
  return (
    <SettingsSection
      title="Ingestion endpoint"
      description={`Games send events here with POST, in batches of up to ${INGEST_MAX_EVENTS.toLocaleString('en-US')}, with an ingestion key in the X-Ingest-Key header.`}
    >
      <div className="flex items-center gap-2 rounded-lg border bg-muted py-1.5 pr-1.5 pl-3">
        {/* On a phone it wraps before the path rather than inside the address. */}
        <code className="min-w-0 flex-1 font-mono text-sm [overflow-wrap:anywhere]">
          {origin.replace(/\/+$/u, '')}
          <wbr />
          {INGEST_PATH}
        </code>
        <CopyButton text={url} label="Copy ingestion endpoint URL" />
      </div>
      <p className="mt-3 text-sm text-muted-foreground">
        Every field and answer is described in the{' '}
        <a
          href="/api/docs"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 rounded-sm font-medium text-link underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          API reference
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        .
      </p>
    </SettingsSection>
  );
}
