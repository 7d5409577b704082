import { describe, expect, it } from 'vitest';
import { formatStepTimes } from './step-times.mjs';

describe('formatStepTimes', () => {
  it('lists every step with its seconds, aligned, then the total', () => {
    const table = formatStepTimes(
      [
        { name: 'type check', seconds: 21.04, outcome: 'passed', alongside: 'lint' },
        { name: 'lint', seconds: 44.46, outcome: 'passed', alongside: 'type check' },
        { name: 'integration tests', seconds: 307, outcome: 'passed' },
      ],
      352.5,
    );
    expect(table.split('\n')).toEqual([
      'Step times',
      '✔ type check          21.0 s  (alongside lint)',
      '✔ lint                44.5 s  (alongside type check)',
      '✔ integration tests  307.0 s',
      '  total              352.5 s',
    ]);
  });

  it('marks the step that failed and the one stopped because of it', () => {
    const table = formatStepTimes(
      [
        { name: 'type check', seconds: 9.5, outcome: 'failed', alongside: 'lint' },
        { name: 'lint', seconds: 9.6, outcome: 'stopped', alongside: 'type check' },
      ],
      9.7,
    );
    expect(table.split('\n')).toEqual([
      'Step times',
      '✖ type check    9.5 s  (failed, alongside lint)',
      '■ lint          9.6 s  (stopped, alongside type check)',
      '  total         9.7 s',
    ]);
  });
});
