import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPOSURE_NOTE, experimentMetricKinds, experimentStatisticDefinitions } from './experiments-metrics';

const page = readFileSync(new URL('../../../docs/product/experiments.md', import.meta.url), 'utf8');
const decision = readFileSync(new URL('../../../docs/decisions/025-experiment-statistics.md', import.meta.url), 'utf8');

describe('experiment definitions', () => {
  it('defines each metric once, a share or a mean, with revenue alone winsorised', () => {
    expect(new Set(experimentMetricKinds.map((kind) => kind.key)).size).toBe(experimentMetricKinds.length);
    expect(experimentMetricKinds.map((kind) => [kind.key, kind.statistic, kind.winsorised])).toEqual([
      ['retention', 'proportion', false],
      ['payer-conversion', 'proportion', false],
      ['event-conversion', 'proportion', false],
      ['revenue', 'mean', true],
      ['sessions', 'mean', false],
      ['property-mean', 'mean', false],
    ]);
  });

  it('uses the words of docs/product/experiments.md and ADR 025, word for word', () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    for (const { definition } of [...experimentMetricKinds, ...experimentStatisticDefinitions]) {
      expect([definition, flat(page).includes(`'${definition}'`)]).toEqual([definition, true]);
    }
    for (const { definition } of experimentStatisticDefinitions) expect(flat(decision)).toContain(definition);
    expect(flat(page)).toContain(`'${EXPOSURE_NOTE}'`);
  });
});
