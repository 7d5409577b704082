import type { InstallationStatus } from '@questboard/shared/support';

import { Badge } from '../../../components/ui/badge';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { HelpSection } from './help-section';

const databases = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' } as const;

/** The status call's answer as label and value rows; yes/no in words, never colour alone. */
export function statusRows(status: InstallationStatus): { label: string; value: string; ok?: boolean }[] {
  return [
    { label: 'Version', value: status.version },
    { label: 'Database', value: databases[status.database] },
    { label: 'Event store', value: status.eventStore === 'duckdb' ? 'DuckDB (embedded)' : status.eventStore },
    { label: 'Mail', value: status.mail === 'smtp' ? 'SMTP' : 'Dev mailbox (not delivered)', ok: status.mail === 'smtp' },
    { label: 'Google sign-in', value: status.googleSignIn ? 'Configured' : 'Not configured', ok: status.googleSignIn },
    { label: 'Support address', value: status.supportEmail ? 'Configured' : 'Not configured', ok: status.supportEmail },
  ];
}

export function SystemStatusSection({
  status,
  isError,
  onRetry,
}: {
  status: InstallationStatus | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  return (
    <HelpSection id="system-status" title="System status" description="This installation: what runs and what is configured.">
      {status ? (
        <dl className="grid grid-cols-[max-content_1fr] items-center gap-x-6 gap-y-2.5 text-sm">
          {statusRows(status).map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="min-w-0">
                {row.ok === undefined ? (
                  <span className="font-medium">{row.value}</span>
                ) : (
                  <Badge tone={row.ok ? 'success' : 'neutral'}>{row.value}</Badge>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : isError ? (
        <LoadError message="The system status could not be loaded." onRetry={onRetry} />
      ) : (
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading system status...
        </div>
      )}
    </HelpSection>
  );
}
