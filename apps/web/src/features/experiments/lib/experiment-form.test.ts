import { describe, expect, it } from 'vitest';
import type { Experiment } from '@questboard/shared/experiments-api';

import { emptyCondition } from '../../../lib/live-config/condition-form';
import { buildExperiment, emptyExperimentFields, experimentFieldsOf, type ExperimentFields, sampleSizeOf } from './experiment-form';

const keyTypes = new Map([
  ['levels.difficulty', 'string' as const],
  ['shop.discount', 'number' as const],
]);

function filled(patch: Partial<ExperimentFields> = {}): ExperimentFields {
  const fields = emptyExperimentFields();
  const [control, b] = fields.variants;
  return {
    ...fields,
    key: 'easier-level-3',
    hypothesis: 'An easier level 3 keeps more players.',
    variants: [control!, { ...b!, name: 'Easy', key: 'easy', overrides: [{ rowKey: 'o1', key: 'levels.difficulty', value: 'easy' }] }],
    primary: { ...fields.primary, kind: 'retention', days: '1' },
    baseline: '40',
    effect: '3',
    ...patch,
  };
}

describe('sampleSizeOf', () => {
  it.each([
    // docs/product/experiments.md#sample-size: a 3-point lift on 40% D1 retention needs 4,519 a variant.
    ['a share: 40% and 3 points', { baseline: '40', effect: '3' }, 4519],
    ['a share written with a percent sign', { baseline: '40%', effect: '3' }, 4519],
    ['a share where less is better: 40% down 3 points', { baseline: '40', effect: '3', higherIsBetter: false }, 4407],
  ])('%s', (_name, patch, players) => {
    const size = sampleSizeOf({ ...filled(), ...patch });
    expect(size).toEqual({ ok: true, players, computed: true });
  });

  it('sizes a mean from its standard deviation: σ = 10, δ = 5', () => {
    const fields = filled({ primary: { ...filled().primary, kind: 'revenue' }, baseline: '10', effect: '5' });
    // 2σ²(z₀.₉₈ + z₀.₈)²/δ² = 2 × 100 × 8.383 / 25 = 67.1, rounded up.
    expect(sampleSizeOf(fields)).toEqual({ ok: true, players: 68, computed: true });
  });

  it.each([
    ['no effect', { effect: '' }, 'effect', 'Enter the minimum detectable effect'],
    ['a zero effect', { effect: '0' }, 'effect', 'The minimum detectable effect must be a number above 0'],
    ['no baseline', { baseline: '' }, 'baseline', 'Enter the control rate, above 0 and below 100%'],
    ['a rate of 100%', { baseline: '100' }, 'baseline', 'Enter the control rate, above 0 and below 100%'],
    ['an effect past 100%', { baseline: '99', effect: '3' }, 'effect', "The effect must keep the rate between 0 and 100% (the control's 99% + 3 points)"],
  ])('says what is missing: %s', (_name, patch, field, message) => {
    expect(sampleSizeOf({ ...filled(), ...patch })).toEqual({ ok: false, field, message });
  });

  it("keeps a draft's stored size until a baseline is entered", () => {
    expect(sampleSizeOf(filled({ baseline: '', storedPlanned: 1234 }))).toEqual({ ok: true, players: 1234, computed: false });
    expect(sampleSizeOf(filled({ baseline: '40', storedPlanned: 1234 }))).toEqual({ ok: true, players: 4519, computed: true });
  });
});

describe('buildExperiment', () => {
  it('makes the body the schema accepts: points become a share, values take their key type', () => {
    const fields = filled({
      secondary: [{ rowKey: 's', kind: 'event-conversion', days: '3', event: 'level_complete', property: 'level', propertyValue: '10' }],
      targeting: [{ ...emptyCondition('platform'), list: 'ios, android' }],
      audience: '50',
      layer: 'onboarding',
    });
    fields.variants[1]!.overrides.push({ rowKey: 'o2', key: 'shop.discount', value: '0.2' });
    const built = buildExperiment(fields, keyTypes);
    expect(built).toEqual({
      ok: true,
      body: {
        key: 'easier-level-3',
        hypothesis: 'An easier level 3 keeps more players.',
        variants: [
          { key: 'control', name: 'Control', weight: 1, overrides: [] },
          {
            key: 'easy',
            name: 'Easy',
            weight: 1,
            overrides: [
              { key: 'levels.difficulty', value: 'easy' },
              { key: 'shop.discount', value: 0.2 },
            ],
          },
        ],
        targeting: [{ kind: 'platform', values: ['ios', 'android'] }],
        audiencePercentage: 50,
        layer: 'onboarding',
        primaryMetric: { kind: 'retention', days: 1 },
        secondaryMetrics: [{ kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 10 } }],
        higherIsBetter: true,
        minimumDetectableEffect: 0.03,
        plannedPlayersPerVariant: 4519,
      },
    });
  });

  it('keys every problem by its field, in the shared schema’s words', () => {
    const fields = filled({ key: 'Easier Level', audience: '0', baseline: '', effect: '', primary: { ...filled().primary, days: '0' } });
    fields.variants[1] = { ...fields.variants[1]!, weight: 'heavy', overrides: [{ rowKey: 'o', key: 'shop.discount', value: 'cheap' }, { rowKey: 'p', key: '', value: '' }] };
    const built = buildExperiment(fields, keyTypes);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.errors).toMatchObject({
      key: 'An experiment key is lower-case letters, digits, "-" and "_", starting with a letter or digit',
      audiencePercentage: 'The audience share must be from 0.01 to 100%',
      minimumDetectableEffect: 'Enter the minimum detectable effect',
      'primaryMetric.days': 'Retention is measured from day 1',
      'variants.1.weight': 'Enter the weight as a whole number',
      'variants.1.overrides.1.key': 'Choose a key of the published config',
    });
    expect(built.errors['variants.1.overrides.0.value']).toMatch(/number/u);
  });

  it('asks for a control and another variant', () => {
    const fields = filled();
    const built = buildExperiment({ ...fields, variants: [fields.variants[0]!] }, keyTypes);
    expect(built.ok ? null : built.errors.variants).toBe('An experiment needs a control and at least one other variant');
  });

  it('round-trips a draft through the form', () => {
    const built = buildExperiment(filled(), keyTypes);
    if (!built.ok) throw new Error('the filled form is valid');
    const draft = {
      ...built.body,
      variants: built.body.variants.map((variant) => ({ name: '', overrides: [], ...variant })),
      targeting: [],
      layer: null,
      secondaryMetrics: [],
      higherIsBetter: true,
      status: 'draft',
      createdAt: '2026-11-01T10:00:00.000Z',
      createdBy: 'ada@studio.example',
      updatedAt: '2026-11-01T10:00:00.000Z',
      startedAt: null,
      stoppedAt: null,
      shippedVariant: null,
    } as Experiment;
    const again = experimentFieldsOf(draft, keyTypes);
    expect(again.effect).toBe('3');
    expect(again.baseline).toBe('');
    expect(buildExperiment(again, keyTypes)).toEqual(built);
  });
});
