import { describe, expect, it } from 'vitest';
import { demoPopulation } from './demo-population';
import { tutorialSteps } from './demo-session';

// Issue 17: the demo tutorial has steps, so a funnel over them has real drop-off to show.
describe('the demo tutorial', () => {
  const players = new Map<string, { steps: number[]; names: string[]; completedAfter: number | null; installed: boolean }>();
  for (const event of demoPopulation({ players: 3000, days: 30, end: new Date('2026-05-01T00:00:00Z'), seed: 17 })) {
    const player = players.get(event.user_id) ?? { steps: [], names: [], completedAfter: null, installed: false };
    players.set(event.user_id, player);
    if (event.name === 'install') player.installed = true;
    if (event.name === 'tutorial_step') {
      player.steps.push(Number(event.properties.step));
      player.names.push(String(event.properties.step_name));
    }
    if (event.name === 'tutorial_complete') {
      expect(player.completedAfter).toBeNull();
      player.completedAfter = player.steps.length;
    }
  }
  const all = [...players.values()];

  it('sends steps 1 to 4 once each, in order, with their names, and tutorial_complete only after step 4', () => {
    for (const player of all) {
      expect(player.steps).toEqual(player.steps.map((_, index) => index + 1));
      expect(player.names).toEqual(player.steps.map((step) => tutorialSteps[step - 1]!.name));
      if (player.completedAfter !== null) expect(player.completedAfter).toBe(4);
    }
  });

  it('loses players at every step, and most finish', () => {
    const reached = [1, 2, 3, 4].map((step) => all.filter((player) => player.steps.length >= step).length);
    const completed = all.filter((player) => player.completedAfter !== null).length;
    const chain = [...reached, completed];
    for (let index = 1; index < chain.length; index += 1) {
      expect(chain[index]!).toBeLessThan(chain[index - 1]! * 0.99);
    }
    expect(reached[0]! / all.length).toBeGreaterThan(0.8);
    expect(completed / reached[0]!).toBeGreaterThan(0.5);
    expect(completed / reached[0]!).toBeLessThan(0.95);
  });
});
