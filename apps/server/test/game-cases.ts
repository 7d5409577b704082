import { expect } from 'vitest';
import type { Funnel, FunnelQueryInput, FunnelStepInput } from '@questboard/shared/analytics-funnels';
import type { NewEvent } from '../src/modules/events/event-store';
import type { StoreAnswer } from '../src/modules/analytics/store-answer';
import { Random } from '../src/modules/demo/demo-random';

// The players the game analyses' tests share: funnels' hand-made edge cases and the questions asked
// of demo players (funnel-reference.int.test.ts on each store, clickhouse-game.int.test.ts), and an
// experiment's hand-made players and seeded payers (experiment-results.int.test.ts,
// clickhouse-game.int.test.ts). Each builder makes new events with insert_ids of its own.

const receivedAt = new Date('2026-03-20T00:00:00Z');

/** An event maker whose insert_ids are `<prefix>-0000`, `<prefix>-0001`, … in the order made. */
function eventMaker(prefix: string, defaults: Partial<NewEvent> = {}) {
  let sent = 0;
  return (user: string, name: string, timestamp: string, properties: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
    insert_id: `${prefix}-${String(sent++).padStart(4, '0')}`,
    name,
    user_id: user,
    timestamp,
    properties: properties as NewEvent['properties'],
    receivedAt,
    demo: false,
    ...defaults,
    ...extra,
  });
}

// ---------------------------------------------------------------------------------------------
// Funnels (docs/product/metrics.md#funnels).

const stepsOf = (...names: string[]): FunnelStepInput[] => names.map((name) => ({ event: name }));
const json = (value: FunnelStepInput[]) => JSON.stringify(value);
export const tutorialSteps: FunnelStepInput[] = [1, 2, 3, 4].map((step) => ({ event: 'tutorial_step', filters: [{ property: 'step', operator: 'eq', value: String(step) }] }));

/** The funnels asked of demo players (demoPopulation's events) over a whole range and a fortnight in it. */
export function demoFunnels(whole: { from: string; to: string }, fortnight: { from: string; to: string }): [string, FunnelQueryInput][] {
  return [
    ['the 4-step tutorial and its completion, one day', { ...whole, steps: json([...tutorialSteps, { event: 'tutorial_complete' }]), window: '1440' }],
    ['the tutorial by platform, by week', { ...whole, steps: json(tutorialSteps), breakdown: 'platform', granularity: 'week' }],
    ['the tutorial in any order, 10 minutes', { ...fortnight, steps: json(tutorialSteps), order: 'any', window: '10' }],
    ['install to purchase in 7 days, by country', { ...whole, steps: json(stepsOf('install', 'level_complete', 'store_open', 'purchase')), window: '10080', breakdown: 'country' }],
    ['levels 3 to 5 by the level property, iOS and Android', {
      ...whole,
      steps: json([
        { event: 'level_start', filters: [{ property: 'level', operator: 'gte', value: 3 }] },
        { event: 'level_fail', filters: [{ property: 'level', operator: 'in', values: ['3', '4'] }] },
        { event: 'level_complete', filters: [{ property: 'level', operator: 'gt', value: 4 }, { property: 'stars', operator: 'neq', value: '1' }] },
      ]),
      window: '4320',
      breakdown: 'property',
      breakdownProperty: 'level',
      platform: 'ios,android',
    }],
    ['a repeated step: level_start three times in an hour, by version', { ...fortnight, steps: json(stepsOf('level_start', 'level_start', 'level_start')), window: '60', breakdown: 'app_version' }],
    ['the same in any order, by month', { ...whole, steps: json(stepsOf('level_start', 'level_fail', 'ad_impression')), order: 'any', window: '90', granularity: 'month' }],
  ];
}

export interface FunnelEdgeCase {
  name: string;
  events: NewEvent[];
  input: FunnelQueryInput;
  /** The players at each step. */
  players: number[];
  /** What else the rule decides, beyond agreeing with the reference. */
  check?: (answer: StoreAnswer<Funnel>) => void;
  /** Ask one page of each step's dropped players rather than every kind of page. */
  onePage?: true;
}

/**
 * Each rule of the counting, on 02-10: every case has step names of its own, so all of them can
 * share one project.
 */
export function funnelEdgeCases(): FunnelEdgeCase[] {
  const event = eventMaker('f', { platform: 'ios' });
  const at = (time: string) => `2026-02-10T${time}Z`;
  const day = { from: '2026-02-10', to: '2026-02-11' };
  return [
    {
      name: 'a step only after the previous one, at a later millisecond, other steps in between',
      events: [
        // In order.
        event('o1', 'oa', at('10:00:00.000')), event('o1', 'ob', at('10:00:01.000')), event('o1', 'oc', at('10:00:02.000')),
        // Out of order: oc and ob before oa count for nothing; the later ob counts, then no oc after it.
        event('o2', 'oc', at('09:00:00.000')), event('o2', 'ob', at('09:30:00.000')), event('o2', 'oa', at('10:00:00.000')), event('o2', 'ob', at('10:05:00.000')),
        // ob in the same millisecond as oa does not take step 2; the next ob does, and oc in ob's millisecond does not.
        event('o3', 'oa', at('10:00:00.000')), event('o3', 'ob', at('10:00:00.000')), event('o3', 'ob', at('10:00:00.500')), event('o3', 'oc', at('10:00:00.500')),
        // Other steps' events in between are allowed.
        event('o4', 'oa', at('10:00:00.000')), event('o4', 'oc', at('10:00:00.001')), event('o4', 'oa', at('10:00:00.002')), event('o4', 'ob', at('10:00:00.003')), event('o4', 'oc', at('10:00:00.004')),
      ],
      input: { ...day, steps: json(stepsOf('oa', 'ob', 'oc')) },
      players: [4, 4, 2],
      check: (answer) => expect(answer.steps[2]!.medianSeconds).toBeCloseTo(1.002, 6),
    },
    {
      name: 'an event exactly at the end of the window, and not one a millisecond later',
      events: [
        event('w1', 'wa', at('10:00:00.000')), event('w1', 'wb', at('10:30:00.000')), event('w1', 'wc', at('11:00:00.000')),
        event('w2', 'wa', at('10:00:00.000')), event('w2', 'wb', at('10:30:00.000')), event('w2', 'wc', at('11:00:00.001')),
      ],
      input: { ...day, steps: json(stepsOf('wa', 'wb', 'wc')), window: '60' },
      players: [2, 2, 1],
      check: (answer) => expect(answer.steps[2]).toMatchObject({ medianSeconds: 3600, dropped: 1, fromPrevious: 0.5, fromFirst: 0.5 }),
    },
    {
      name: 'a player entering twice: entered once, at the first step 1 event, the window does not restart',
      events: [event('e1', 'ea', at('10:00:00.000')), event('e1', 'ea', at('12:00:00.000')), event('e1', 'eb', at('12:10:00.000')), event('e1', 'ec', at('12:20:00.000'))],
      input: { ...day, steps: json(stepsOf('ea', 'eb', 'ec')), window: '60' },
      players: [1, 0, 0],
    },
    {
      name: 'a repeated step, only with as many events',
      events: [
        event('r1', 'ra', at('10:00:00.000')), event('r1', 'ra', at('10:01:00.000')), event('r1', 'ra', at('10:02:00.000')),
        event('r2', 'ra', at('10:00:00.000')), event('r2', 'ra', at('10:01:00.000')),
      ],
      input: { ...day, steps: json(stepsOf('ra', 'ra', 'ra')) },
      players: [2, 2, 1],
    },
    {
      name: 'any order, from the entry on within the window, from the range start',
      events: [
        event('y1', 'yc', at('10:00:00.000')), event('y1', 'ya', at('10:10:00.000')), event('y1', 'yb', at('10:20:00.000')),
        // The entry is yb; ya comes after the window.
        event('y2', 'yb', at('10:00:00.000')), event('y2', 'yc', at('10:00:00.000')), event('y2', 'ya', at('11:00:00.001')),
        // ya before the range does not count.
        event('y3', 'ya', '2026-02-09T23:59:59.999Z'), event('y3', 'yb', at('00:00:00.000')),
      ],
      input: { ...day, steps: json(stepsOf('ya', 'yb', 'yc')), order: 'any', window: '60' },
      players: [3, 2, 1],
      check: (answer) => {
        expect(answer.steps[2]!.medianSeconds).toBe(1200);
        expect(answer.steps[1]!.medianSeconds).toBe(300);
      },
    },
    {
      name: 'property filters and a property breakdown, text and numbers apart',
      events: [
        event('p1', 'pa', at('10:00:00.000'), { level: 3, mode: 'hard' }), event('p1', 'pb', at('10:01:00.000'), { score: 10 }),
        event('p2', 'pa', at('10:00:00.000'), { level: '3', mode: 'easy' }), event('p2', 'pb', at('10:01:00.000'), { score: '10' }),
        event('p3', 'pa', at('10:00:00.000'), { level: 4, mode: "o'hara\\\" OR 1=1 --" }), event('p3', 'pb', at('10:01:00.000'), { score: 9 }),
        event('p4', 'pa', at('10:00:00.000'), { 'we ird.key': true }), event('p4', 'pb', at('10:01:00.000')),
        event('p5', 'pa', at('10:00:00.000'), { level: null, mode: '' }), event('p5', 'pb', at('10:02:00.000'), { score: 10.5, flag: true }),
      ],
      input: {
        ...day,
        steps: json([
          { event: 'pa', filters: [{ property: 'level', operator: 'neq', value: '9' }] },
          { event: 'pb', filters: [{ property: 'score', operator: 'gte', value: 10 }] },
        ]),
        breakdown: 'property',
        breakdownProperty: 'mode',
      },
      // p4 and p5 have no level: "does not equal" needs a value. p2's score is text: never a number.
      players: [3, 1],
      check: (answer) =>
        expect(answer.breakdown.map((row) => [row.value, row.players])).toEqual([
          ['easy', [1, 0]],
          ['hard', [1, 1]],
          ["o'hara\\\" OR 1=1 --", [1, 0]],
        ]),
    },
    {
      name: 'booleans as text, in and lt',
      events: [
        event('q1', 'qa', at('10:00:00.000'), { flag: true, 'we ird.key': 'x' }), event('q1', 'qb', at('10:01:00.000'), { n: -1 }),
        event('q2', 'qa', at('10:00:00.000'), { flag: 'true', 'we ird.key': 'y' }), event('q2', 'qb', at('10:01:00.000'), { n: 5 }),
        event('q3', 'qa', at('10:00:00.000'), { flag: false, 'we ird.key': 'x' }),
      ],
      input: {
        ...day,
        steps: json([
          { event: 'qa', filters: [{ property: 'flag', operator: 'eq', value: 'true' }, { property: 'we ird.key', operator: 'in', values: ['x', 'y'] }] },
          { event: 'qb', filters: [{ property: 'n', operator: 'lt', value: 0 }] },
        ]),
        breakdown: 'property',
        breakdownProperty: 'we ird.key',
      },
      players: [2, 1],
    },
    {
      name: 'breakdown values beyond the first ten in Other, not set last among equals',
      events: [
        ...Array.from({ length: 13 }, (_, index) => [
          event(`b${index}`, 'ba', at('10:00:00.000'), {}, { country: index === 12 ? undefined : `C${index % 12}` }),
          event(`b${index}`, 'bb', at('10:01:00.000')),
        ]).flat(),
        event('b99', 'ba', at('10:00:00.000'), {}, { country: 'C5' }),
      ],
      input: { ...day, steps: json(stepsOf('ba', 'bb')), breakdown: 'country' },
      players: [14, 13],
      check: (answer) => {
        expect(answer.breakdown[0]).toEqual({ value: 'C5', other: false, players: [2, 1] });
        expect(answer.breakdown.at(-1)).toEqual({ value: null, other: true, players: [3, 3] });
        expect(answer.breakdownTruncated).toBe(true);
      },
    },
    {
      name: 'ten steps with long filters: a statement longer than a URL may be (16 KiB on ClickHouse)',
      events: Array.from({ length: 12 }, (_, index) =>
        event(index < 10 ? 'l1' : 'l2', 'la', at(`10:00:00.${String(index).padStart(3, '0')}`), { key: index % 2 === 0 ? 'x' : "y'" }),
      ),
      input: {
        ...day,
        steps: json(
          Array.from({ length: 10 }, () => ({
            event: 'la',
            filters: [{ property: 'key', operator: 'in' as const, values: ['x', "y'", ...Array.from({ length: 18 }, (_, index) => `a-long-value-nobody-sends-${index}`)] }],
          })),
        ),
      },
      players: [2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
      // The statement's length is the point; each page asked costs a store about half a second under load.
      onePage: true,
    },
  ];
}

/**
 * A duplicate insert_id and deleted events, for a project of their own: `sent` is loaded, then the
 * project's demo events are deleted, and `kept` is what remains.
 */
export function funnelDeletions(): { sent: NewEvent[]; kept: NewEvent[]; input: FunnelQueryInput; players: number[] } {
  const event = eventMaker('d', { platform: 'ios' });
  const at = (time: string) => `2026-02-10T${time}Z`;
  const kept = [event('d1', 'da', at('10:00:00.000')), event('d1', 'db', at('10:01:00.000')), event('d2', 'da', at('10:00:00.000'))];
  const sent = [
    ...kept,
    // The retry of d2's da at another time of the same day: the stored one stays.
    { ...kept[2]!, timestamp: at('09:00:00.000') },
    event('d2', 'db', at('10:05:00.000'), {}, { demo: true }),
    event('d3', 'da', at('10:00:00.000'), {}, { demo: true }),
  ];
  return { sent, kept, input: { from: '2026-02-10', to: '2026-02-11', steps: json(stepsOf('da', 'db')) }, players: [2, 1] };
}

// ---------------------------------------------------------------------------------------------
// An experiment's counting (docs/product/experiments.md#metrics): `faster-first-levels`, variants
// control and easy, started 03-02 12:00.

/** Hand-made players, each hitting one rule of the counting once. */
export function experimentHandMade(): NewEvent[] {
  const event = eventMaker('x');
  const exposure = (user: string, timestamp: string, variant: string | null, key = 'faster-first-levels') =>
    event(user, 'experiment_exposure', timestamp, variant === null ? { experiment: key } : { experiment: key, variant });
  const purchase = (user: string, timestamp: string, amount: number, currency = 'USD') => event(user, 'purchase', timestamp, {}, { revenue_amount: amount, currency });
  const cleared = (user: string, timestamp: string, properties: Record<string, unknown>) => event(user, 'level_complete', timestamp, properties);
  return [
    // Events before exposure, on day 0 and before it, do not count after it; those of days −4 to −1 are history.
    event('before', 'session_start', '2026-03-01T10:00:00Z'),
    purchase('before', '2026-03-01T10:05:00Z', 9.99),
    cleared('before', '2026-03-01T10:06:00Z', { level: 10, duration_s: 100 }),
    event('before', 'session_start', '2026-03-03T09:00:00Z'),
    purchase('before', '2026-03-03T09:10:00Z', 4.99),
    cleared('before', '2026-03-03T09:11:00Z', { level: 10, duration_s: 50, mode: 'hard' }),
    exposure('before', '2026-03-03T09:30:00Z', 'easy'),
    cleared('before', '2026-03-03T09:40:00Z', { level: '10', duration_s: 'slow' }),
    event('before', 'session_start', '2026-03-04T08:00:00Z'),
    purchase('before', '2026-03-06T23:59:59Z', 1.99, 'EUR'),
    purchase('before', '2026-03-07T00:00:00Z', 100),
    // Exposed to both variants (a bug in a game): counts in the first, and as mixed.
    exposure('mixed', '2026-03-03T12:00:00Z', 'control'),
    exposure('mixed', '2026-03-03T12:00:00Z', 'easy'),
    exposure('mixed', '2026-03-04T12:00:00Z', 'easy'),
    event('mixed', 'session_start', '2026-03-04T12:01:00Z'),
    // Exposed at 23:59:30 UTC: one minute later is day 1. Level 10.5 is not level 10; a mode of
    // true is a boolean, not the text "hard".
    event('late', 'session_start', '2026-03-03T23:50:00Z', {}, { session_id: 's-late' }),
    exposure('late', '2026-03-03T23:59:30Z', 'control'),
    cleared('late', '2026-03-03T23:59:50Z', { level: 10, duration_s: 30, mode: 'hard' }),
    cleared('late', '2026-03-03T23:59:55Z', { level: 10.5, duration_s: 29, mode: 'hard' }),
    cleared('late', '2026-03-04T23:59:50Z', { level: 10, duration_s: 31, mode: true }),
    event('late', 'session_start', '2026-03-04T00:00:30Z', {}, { session_id: 's-late' }),
    purchase('late', '2026-03-04T00:01:00Z', 2.5, 'JPY'),
    event('late', 'session_start', '2026-03-05T00:10:00Z', {}, { session_id: 's-late-2' }),
    // Exposed the day before 03-12: day 1 is not over, so no D1; that day's events do not count.
    exposure('recent', '2026-03-11T08:00:00Z', 'easy'),
    event('recent', 'session_start', '2026-03-12T01:00:00Z'),
    // Exposed before the start, then after it: counts from the later one.
    exposure('early', '2026-03-02T11:00:00Z', 'control'),
    exposure('early', '2026-03-02T13:00:00Z', 'easy'),
    event('early', 'session_start', '2026-03-03T13:00:00Z'),
    // Another experiment, a variant this one does not have, no variant at all.
    exposure('other', '2026-03-04T10:00:00Z', 'easy', 'another-experiment'),
    exposure('unknown', '2026-03-04T10:00:00Z', 'turbo'),
    exposure('nameless', '2026-03-04T10:00:00Z', null),
    // Sessions without a session id split at 30 minutes; the one in progress at the exposure counts.
    event('gaps', 'session_start', '2026-03-05T10:00:00Z'),
    exposure('gaps', '2026-03-05T10:20:00Z', 'control'),
    event('gaps', 'level_start', '2026-03-05T10:49:59Z'),
    event('gaps', 'level_start', '2026-03-05T11:19:59Z'),
    event('gaps', 'level_start', '2026-03-06T11:00:00Z'),
    event('gaps', 'level_start', '2026-03-08T11:00:00Z'),
    // Exposed after the stop (when the experiment is stopped before 03-09 10:00).
    exposure('after-stop', '2026-03-09T10:00:00Z', 'easy'),
    event('after-stop', 'session_start', '2026-03-10T10:00:00Z'),
  ];
}

/**
 * `count` seeded payers exposed 03-02..03-05, half to each variant, a few of them whales, some
 * paying in EUR the day before: enough players that a revenue cap (the 99.9th percentile's nearest
 * rank) is below the largest value, which it is not below 1,001 players.
 */
export function experimentPayers(count: number): NewEvent[] {
  const event = eventMaker('payer');
  const random = new Random(33);
  const events: NewEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = `payer-${index}`;
    const day = 2 + (index % 4);
    const at = (offset: number, hour: number) => `2026-03-${String(day + offset).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
    events.push(event(user, 'experiment_exposure', at(0, 8), { experiment: 'faster-first-levels', variant: index % 2 === 0 ? 'control' : 'easy' }));
    const whale = random.chance(0.003) ? 500 : 1;
    const amount = () => Math.round(random.between(0.5, 20) * whale * 100) / 100;
    if (random.chance(0.8)) events.push(event(user, 'purchase', at(0, 9 + (index % 3)), {}, { revenue_amount: amount(), currency: 'USD' }));
    if (random.chance(0.5)) events.push(event(user, 'purchase', at(-1, 12), {}, { revenue_amount: amount(), currency: index % 5 === 0 ? 'EUR' : 'USD' }));
  }
  return events;
}
