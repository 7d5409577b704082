import { describe, expect, it } from 'vitest';
import { demoPopulation, type DemoEvent } from './demo-population';

// The demo economy (issue 17): coins and gems as resource events, every balance the running sum of
// the player's changes, purchases crediting gems, the shop spending them.

const events = [...demoPopulation({ players: 3000, days: 60, end: new Date('2026-05-01T00:00:00Z'), seed: 4 })];
const resources = events.filter((event) => event.name === 'resource');
const props = (event: DemoEvent) => event.properties as { flow: string; virtual_currency: string; amount: number; item_type: string; item_id: string; balance: number };

describe('the demo economy', () => {
  it('sends both currencies from every source and to every sink the shop has', () => {
    const kinds = new Set(resources.map((event) => `${props(event).virtual_currency} ${props(event).flow} ${props(event).item_type}`));
    for (const kind of ['coins source level_reward', 'coins source ad_reward', 'gems source level_reward', 'gems source purchase', 'coins sink boosters', 'coins sink lives', 'gems sink skins']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(resources.length / events.length).toBeGreaterThan(0.15);
    expect(resources.length / events.length).toBeLessThan(0.35);
    expect(resources.every((event) => Number.isInteger(props(event).amount) && props(event).amount > 0 && props(event).item_id !== '')).toBe(true);
  });

  it("keeps each balance as the player's running sum, from the starting 200 coins and 10 gems, never below 0", () => {
    const balances = new Map<string, number>();
    const wrong: string[] = [];
    for (const event of resources) {
      const { flow, virtual_currency: currency, amount, balance } = props(event);
      const key = `${event.user_id} ${currency}`;
      const before = balances.get(key) ?? (currency === 'coins' ? 200 : 10);
      if (balance !== before + (flow === 'source' ? amount : -amount) || balance < 0) wrong.push(event.insert_id);
      balances.set(key, balance);
    }
    expect(wrong).toEqual([]);
    expect(Math.max(...balances.values())).toBeGreaterThan(1000);
  });

  it('credits the gems of each real-money gem pack right after its purchase', () => {
    const purchases = events.filter((event) => event.name === 'purchase' && event.product_id !== 'season_pass');
    expect(purchases.length).toBeGreaterThan(20);
    for (const purchase of purchases) {
      const next = events[events.indexOf(purchase) + 1];
      // The window may end between the two.
      if (next?.user_id !== purchase.user_id) continue;
      expect(next.name).toBe('resource');
      expect(props(next)).toMatchObject({ flow: 'source', virtual_currency: 'gems', item_type: 'purchase', item_id: purchase.product_id });
    }
  });

  it('pays level rewards for completed levels only, more coins than the shop takes back', () => {
    const rewards = resources.filter((event) => props(event).item_type === 'level_reward' && props(event).virtual_currency === 'coins');
    const completes = events.filter((event) => event.name === 'level_complete');
    expect(rewards.length).toBeLessThanOrEqual(completes.length);
    expect(rewards.length).toBeGreaterThan(completes.length * 0.95);
    const total = (flow: string) => resources.filter((event) => props(event).virtual_currency === 'coins' && props(event).flow === flow).reduce((sum, event) => sum + props(event).amount, 0);
    expect(total('source')).toBeGreaterThan(total('sink'));
    expect(total('sink')).toBeGreaterThan(total('source') * 0.2);
  });
});
