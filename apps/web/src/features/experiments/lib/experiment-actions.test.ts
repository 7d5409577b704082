import { describe, expect, it } from 'vitest';
import type { Experiment } from '@questboard/shared/experiments-api';

import { actionLabel, actionsFor, actionWords } from './experiment-actions';

const variants: Experiment['variants'] = [
  { key: 'control', name: 'Control', weight: 1, overrides: [] },
  { key: 'easy', name: 'easy', weight: 1, overrides: [{ key: 'levels.difficulty', value: 'easy' }] },
  { key: 'hard', name: '', weight: 1, overrides: [{ key: 'levels.difficulty', value: 'hard' }, { key: 'levels.lives', value: 3 }] },
];
const experiment = (status: Experiment['status'], shippedVariant: string | null = null) => ({ key: 'difficulty', status, variants, shippedVariant });

describe('the actions an experiment offers', () => {
  it.each([
    ['a draft starts or goes', experiment('draft'), ['Start experiment', 'Delete draft']],
    ['a running one ships a variant that changes something, or stops', experiment('running'), ['Ship variant easy', 'Ship variant hard', 'Stop experiment']],
    ['a stopped one may still ship', experiment('stopped'), ['Ship variant easy', 'Ship variant hard']],
    ['once shipped, nothing is left', experiment('stopped', 'easy'), []],
  ])('%s', (_name, subject, labels) => {
    expect(actionsFor(subject).map((action) => actionLabel(subject, action))).toEqual(labels);
  });

  it('repeats a sample ratio mismatch in the ship confirmation', () => {
    expect(actionWords(experiment('running'), { kind: 'ship', variant: 'easy' }, true).description).toMatch(/Careful: the players did not split as the weights say \(sample ratio mismatch\)/u);
    expect(actionWords(experiment('running'), { kind: 'ship', variant: 'easy' }, false).description).not.toMatch(/Careful/u);
  });

  it('says what shipping does: the values become defaults, a running experiment stops', () => {
    expect(actionWords(experiment('running'), { kind: 'ship', variant: 'easy' }).description).toMatch(
      /^Ship easy: its values become the defaults of levels\.difficulty for every player; the experiment stops\./u,
    );
    expect(actionWords(experiment('stopped'), { kind: 'ship', variant: 'hard' }).description).toMatch(
      /^Ship hard: its values become the defaults of levels\.difficulty and levels\.lives for every player\. /u,
    );
  });
});
