import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { day, incompleteBuckets } from './analytics-answer-parts';
import { checkRange, viewShape } from './analytics-view';

// The economy (issue 17, ADR 028): the virtual currencies of a game, from its `resource` events.
// Real money stays on the revenue page. The definitions are docs/product/metrics.md#economy's.

/** The economy's event and its two flows (docs/product/metrics.md#game-events). */
export const RESOURCE_EVENT = 'resource';
export const resourceFlows = ['source', 'sink'] as const;
export type ResourceFlow = (typeof resourceFlows)[number];

/** Items and item types answered at most on each side. */
export const ECONOMY_TOP_ITEMS = 10;
/** Virtual currencies listed at most in the picker (by events, most first). */
export const ECONOMY_MAX_CURRENCIES = 20;
/** A virtual currency's name, as the picker sends it. */
export const VIRTUAL_CURRENCY_MAX = 64;

export const virtualCurrencyParam = z
  .string()
  .max(VIRTUAL_CURRENCY_MAX, { error: `virtual_currency must be at most ${VIRTUAL_CURRENCY_MAX} characters`, abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('virtual_currency') })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe('the virtual currency shown; empty: the one with the most resource events in the range');

export const economyQuerySchema = z.object({ ...viewShape, virtual_currency: virtualCurrencyParam }).superRefine(checkRange);
export type EconomyQuery = z.output<typeof economyQuerySchema>;
export type EconomyQueryInput = z.input<typeof economyQuerySchema>;

const amount = z.number().nonnegative();
const count = z.number().int().nonnegative();

const flowFigures = {
  sources: amount.describe('sum of the amounts of source events'),
  sinks: amount.describe('sum of the amounts of sink events'),
  net: z.number().describe('Net flow = sources - sinks.'),
  sourcePlayers: count.describe('distinct players with a source event'),
  sinkPlayers: count.describe('distinct players with a sink event'),
};

const itemRow = z.object({
  itemType: z.string().nullable().describe('item_type; null: not sent'),
  itemId: z.string().nullable().describe('item_id; null: not sent'),
  amount,
  players: count,
  events: count,
});
export type EconomyItem = z.infer<typeof itemRow>;

const typeRow = z.object({ itemType: z.string().nullable().describe('item_type; null: not sent'), amount, players: count, events: count });
export type EconomyItemType = z.infer<typeof typeRow>;

export const economySchema = z
  .object({
    currencies: z
      .array(z.object({ currency: z.string(), events: count }))
      .describe(`the virtual currencies of the range, most resource events first (at most ${ECONOMY_MAX_CURRENCIES})`),
    currency: z.string().nullable().describe('the virtual currency the figures are of; null: no resource events in the range'),
    totals: z.object(flowFigures),
    series: z.array(z.object({ date: day.describe('first day of the bucket'), ...flowFigures })),
    items: z.object({ source: z.array(itemRow), sink: z.array(itemRow) }).describe(`top ${ECONOMY_TOP_ITEMS} items by amount on each side`),
    itemTypes: z.object({ source: z.array(typeRow), sink: z.array(typeRow) }).describe(`top ${ECONOMY_TOP_ITEMS} item types by amount on each side`),
    balanceByLevel: z
      .array(
        z.object({
          level: z.string().nullable().describe('the player\'s level at the event; null: no level known yet'),
          medianBalance: z.number(),
          events: count,
          players: count,
        }),
      )
      .describe('median balance of the resource events that carry one, by the player\'s level at the event, in level order'),
    ignored: count.describe('resource events of the range left out: flow not source or sink, no virtual_currency, or amount not a number above 0'),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsEconomy' });
export type Economy = z.infer<typeof economySchema>;
