import { describe, expect, it } from 'vitest';
import { experimentInputSchema } from './experiments-api';

const valid = {
  key: 'tutorial-skip',
  hypothesis: 'Letting players skip the tutorial raises D1 retention.',
  variants: [
    { key: 'control', weight: 1 },
    { key: 'skip', weight: 1, overrides: [{ key: 'tutorial.skippable', value: true }] },
  ],
  audiencePercentage: 100,
  primaryMetric: { kind: 'retention', days: 1 },
  minimumDetectableEffect: 0.03,
  plannedPlayersPerVariant: 4519,
};

describe('experimentInputSchema', () => {
  it('fills the defaults of a minimal experiment', () => {
    const parsed = experimentInputSchema.parse(valid);
    expect(parsed).toMatchObject({ targeting: [], layer: null, secondaryMetrics: [], higherIsBetter: true });
    expect(parsed.variants[0]).toEqual({ key: 'control', weight: 1, name: '', overrides: [] });
  });

  it.each([
    [{ key: 'Tutorial' }, 'An experiment key is lower-case letters, digits, "-" and "_", starting with a letter or digit'],
    [{ variants: [{ key: 'control', weight: 1 }] }, 'An experiment needs a control and at least one other variant'],
    [{ primaryMetric: { kind: 'retention', days: 0 } }, 'Retention is measured from day 1'],
    [{ audiencePercentage: 0 }, 'The audience share must be from 0.01 to 100%'],
    [{ minimumDetectableEffect: 0 }, 'The minimum detectable effect must be above 0'],
  ])('refuses %j with a plain message', (change, message) => {
    const parsed = experimentInputSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
