import type { LiveKey } from '@questboard/shared/live-config';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { describeCondition } from '../../../lib/live-config/condition-form';
import type { DraftMark } from '../lib/draft-changes';
import { valueSummary } from '../../../lib/live-config/value-text';

interface KeyRowProps {
  draftKey: LiveKey;
  /** The key in the published version; undefined when it is not published. */
  published: LiveKey | undefined;
  mark: DraftMark | undefined;
  onEdit: (() => void) | undefined;
  onDelete: (() => void) | undefined;
}

const markLabels: Record<DraftMark, string> = { new: 'New in draft', changed: 'Changed in draft' };

/** One key: its published value, the draft's when it differs, and its rules in order. */
export function KeyRow({ draftKey, published, mark, onEdit, onDelete }: KeyRowProps) {
  const { name, type, description, rules } = draftKey;
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <code className="font-mono text-sm font-medium break-all">{name}</code>
          <Badge>{type}</Badge>
          {mark && <Badge tone="info">{markLabels[mark]}</Badge>}
        </span>
        {onEdit && (
          <Button variant="outline" size="sm" aria-label={`Edit key ${name}`} onClick={onEdit}>
            Edit
          </Button>
        )}
        {onDelete && (
          <Button variant="danger-outline" size="sm" aria-label={`Delete key ${name}`} onClick={onDelete}>
            Delete
          </Button>
        )}
      </div>
      {description && <p className="text-sm text-pretty text-muted-foreground">{description}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Published</dt>
        <dd className="min-w-0 font-mono text-[13px] break-all">{published ? valueSummary(published.defaultValue) : 'not published yet'}</dd>
        {mark && (
          <>
            <dt className="text-muted-foreground">Draft</dt>
            <dd className="min-w-0 font-mono text-[13px] break-all">{valueSummary(draftKey.defaultValue)}</dd>
          </>
        )}
      </dl>
      {rules.length > 0 && (
        <ol aria-label={`Rules of ${name}`} className="flex flex-col gap-1 text-sm">
          {rules.map((rule, index) => (
            <li key={rule.id} className="flex flex-wrap gap-x-2 rounded-md bg-muted px-2.5 py-1.5">
              <span className="font-medium">{index + 1}.</span>
              <span className="min-w-0 break-words">
                {rule.conditions.length === 0 ? 'Every player' : rule.conditions.map(describeCondition).join(' and ')}
                {rule.rollout && `, ${rule.rollout.percentage}% of them`}
              </span>
              <span className="min-w-0 font-mono text-[13px] break-all">→ {valueSummary(rule.value)}</span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
