import { formatDate, formatRelativeTime, justNowText } from '@questboard/shared/dates';
import type { IngestKey } from '@questboard/shared/developer';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';
import { CopyButton } from './copy-button';

const lowerJustNow = (text: string) => (text === justNowText ? 'just now' : text);

function keyFacts({ createdAt, lastUsedAt, revokedAt }: IngestKey, now: Date): string {
  const facts = [`Created ${formatDate(createdAt)}`];
  if (revokedAt !== null) facts.push(`Revoked ${formatDate(revokedAt)}`);
  facts.push(lastUsedAt === null ? 'Never used' : `Last used ${lowerJustNow(formatRelativeTime(lastUsedAt, now))}`);
  return facts.join(' · ');
}

interface IngestKeyRowProps {
  ingestKey: IngestKey;
  now: Date;
  /** Owners and admins revoke active keys. */
  onRevoke: (() => void) | undefined;
}

export function IngestKeyRow({ ingestKey, now, onRevoke }: IngestKeyRowProps) {
  const { name, key, kind, revokedAt } = ingestKey;
  const revoked = revokedAt !== null;

  return (
    <li className={cn('flex flex-col gap-2 py-4', revoked && 'text-muted-foreground')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <span className="text-sm font-medium break-words">{name}</span>
          {kind === 'demo' && <Badge tone="info">Demo</Badge>}
          {revoked ? <Badge>Revoked</Badge> : <Badge tone="success">Active</Badge>}
        </span>
        {!revoked && onRevoke && (
          <Button variant="danger-outline" size="sm" aria-label={`Revoke ingestion key ${name}`} onClick={onRevoke}>
            Revoke
          </Button>
        )}
      </div>
      <div
        className={cn(
          'flex items-center gap-2 rounded-lg border py-1 pr-1 pl-3',
          revoked ? 'border-dashed bg-transparent py-2' : 'bg-muted',
        )}
      >
        <code className={cn('min-w-0 flex-1 font-mono text-[13px] break-all', revoked && 'line-through')}>
          {key}
        </code>
        {!revoked && <CopyButton text={key} label={`Copy ingestion key ${name}`} variant="ghost" />}
      </div>
      <p className="text-sm text-muted-foreground">{keyFacts(ingestKey, now)}</p>
    </li>
  );
}
