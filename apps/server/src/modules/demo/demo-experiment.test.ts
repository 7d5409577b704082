import { beforeAll, describe, expect, it } from 'vitest';
import { experimentInputSchema } from '@questboard/shared/experiments-api';
import { sampleRatioCheck } from '@questboard/shared/experiments-srm';
import { DEMO_EXPERIMENT_CONFIG_KEY, demoExperiment, demoExperimentStartedAt, demoVariant } from './demo-experiment';
import { demoPopulation, type DemoEvent } from './demo-population';

// The demo's running experiment (issue 16): exposures as the SDK sends them, the real assignment,
// and a real effect on D1 retention (by the results' definition: active on the UTC day after the
// exposure's, among players whose day 1 is over).

const DAY_MS = 86_400_000;
const end = new Date('2026-03-01T15:00:00Z');
const start = demoExperimentStartedAt(end).getTime();

describe('the demo experiment', () => {
  const exposures = new Map<string, DemoEvent[]>();
  const active = new Map<string, Set<number>>();
  /** Each player's first session_start at or after the start. */
  const firstSession = new Map<string, DemoEvent>();
  const exposureSession = new Map<string, string>();
  /** Active days of the same population generated without the experiment's effect. */
  const activeWithout = new Map<string, Set<number>>();

  beforeAll(() => {
    for (const event of demoPopulation({ players: 12_000, days: 60, end, seed: 16 })) {
      const at = Date.parse(event.timestamp);
      const days = active.get(event.user_id) ?? new Set<number>();
      days.add(Math.floor(at / DAY_MS));
      active.set(event.user_id, days);
      if (event.name === 'session_start' && at >= start && !firstSession.has(event.user_id)) firstSession.set(event.user_id, event);
      if (event.name === 'experiment_exposure') {
        exposures.set(event.user_id, [...(exposures.get(event.user_id) ?? []), event]);
        exposureSession.set(event.user_id, event.session_id);
      }
    }
    for (const event of demoPopulation({ players: 12_000, days: 60, end, seed: 16, experimentEffect: false })) {
      const days = activeWithout.get(event.user_id) ?? new Set<number>();
      days.add(Math.floor(Date.parse(event.timestamp) / DAY_MS));
      activeWithout.set(event.user_id, days);
    }
  }, 60_000);

  it('is a valid experiment that starts at midnight UTC, 27 days before the end’s day', () => {
    expect(experimentInputSchema.safeParse(demoExperiment).success).toBe(true);
    expect(demoExperimentStartedAt(end).toISOString()).toBe('2026-02-02T00:00:00.000Z');
    expect(demoExperiment.variants[1].overrides[0].key).toBe(DEMO_EXPERIMENT_CONFIG_KEY);
  });

  it('exposes every player once, on their first session from the start, in their assigned variant', () => {
    expect(exposures.size).toBeGreaterThan(3000);
    expect(exposures.size).toBe(firstSession.size);
    for (const [userId, events] of exposures) {
      expect(events).toHaveLength(1);
      const [exposure] = events;
      expect(exposure?.properties).toEqual({ experiment: 'faster-first-levels', variant: demoVariant(userId) });
      expect(Date.parse(exposure?.timestamp ?? '')).toBeGreaterThanOrEqual(start);
      expect(exposureSession.get(userId)).toBe(firstSession.get(userId)?.session_id);
    }
  });

  it('splits the players as the weights say, and easy keeps about 4 points more the next day than without the change', () => {
    const lastDayOver = Math.floor(end.getTime() / DAY_MS) - 1;
    const d1 = (days: Map<string, Set<number>>, variant: string) => {
      let players = 0;
      let retained = 0;
      for (const [userId, [exposure]] of exposures) {
        const day = Math.floor(Date.parse(exposure?.timestamp ?? '') / DAY_MS);
        if (exposure?.properties.variant !== variant || day + 1 > lastDayOver) continue;
        players += 1;
        if (days.get(userId)?.has(day + 1)) retained += 1;
      }
      return { players, share: retained / players };
    };
    const control = d1(active, 'control');
    const easy = d1(active, 'easy');
    expect(sampleRatioCheck([control.players, easy.players], [1, 1]).mismatch).toBe(false);
    expect(control.share).toBeGreaterThan(0.33);
    expect(control.share).toBeLessThan(0.45);
    // The same players without the change: control is untouched, easy loses its lift.
    expect(d1(activeWithout, 'control')).toEqual(control);
    const lift = easy.share - d1(activeWithout, 'easy').share;
    expect(lift).toBeGreaterThan(0.03);
    expect(lift).toBeLessThan(0.05);
  });
});
