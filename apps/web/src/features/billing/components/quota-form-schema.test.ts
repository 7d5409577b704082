import { QUOTA_MAX, quotaMessage } from '@questboard/shared/billing';
import { describe, expect, it } from 'vitest';

import { quotaFormSchema, quotaFromText, quotaToText } from './quota-form-schema';

describe('quotaFormSchema', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['1', 1],
    ['250000', 250_000],
    ['1,000,000', 1_000_000],
    ['1 000 000', 1_000_000],
    ['10_000', 10_000],
    [String(QUOTA_MAX), QUOTA_MAX],
  ])('%j is accepted as %j', (text, quota) => {
    expect(quotaFormSchema.safeParse({ monthlyEventQuota: text })).toEqual({
      success: true,
      data: { monthlyEventQuota: quota },
    });
  });

  it.each(['0', '-5', '1.5', 'abc', '12abc', '1e6', '0x10', String(QUOTA_MAX + 1)])(
    '%j fails with the shared message',
    (text) => {
      const outcome = quotaFormSchema.safeParse({ monthlyEventQuota: text });
      expect(outcome.success).toBe(false);
      expect(outcome.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['monthlyEventQuota'], quotaMessage],
      ]);
    },
  );
});

describe('quotaFromText and quotaToText', () => {
  it('round-trip a saved quota, and empty means no limit', () => {
    expect(quotaToText(null)).toBe('');
    expect(quotaToText(5000)).toBe('5000');
    expect(quotaFromText(quotaToText(5000))).toBe(5000);
    expect(quotaFromText(quotaToText(null))).toBeNull();
  });
});
