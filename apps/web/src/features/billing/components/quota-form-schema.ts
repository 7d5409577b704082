import { z } from 'zod';
import { quotaBodySchema } from '@questboard/shared/billing';

/** What may be typed: digits, with spaces, commas or underscores between thousands. */
const separators = /[\s,_]/gu;

/** The field's text as the API wants it: empty is no limit; anything not a plain number fails the shared rule. */
export function quotaFromText(text: string): number | null {
  const cleaned = text.replace(separators, '');
  if (cleaned === '') return null;
  return /^[+-]?\d+(?:\.\d+)?$/u.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The quota form: its text, read, then checked by the shared rule and message (STYLE.md rule 2). */
export const quotaFormSchema = z.object({
  monthlyEventQuota: z.string().transform(quotaFromText).pipe(quotaBodySchema.shape.monthlyEventQuota),
});

/** The saved quota as the field shows it. */
export const quotaToText = (quota: number | null) => (quota === null ? '' : String(quota));
