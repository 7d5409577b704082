import { z } from 'zod';
import { excludedPurchasesSchema } from './money';
import { cohortRow, curveCohorts, day, incompleteBuckets } from './analytics-answer-parts';
import { retentionModes } from './analytics-view';

// The cohort answers (issue 8, ADR 010 "Curves"): revenue with its cumulative LTV, and retention.

export const revenueSchema = z
  .object({
    currency: z.string().describe("the project's reporting currency: every amount is in it (ADR 011)"),
    excludedPurchases: excludedPurchasesSchema,
    totals: z.object({
      revenue: z.number(),
      transactions: z.number().int(),
      payingUsers: z.number().int(),
      activeUsers: z.number().int(),
      arpdau: z.number().nullable(),
      arppu: z.number().nullable(),
      payingConversion: z.number().nullable(),
    }),
    series: z.array(
      z.object({
        date: day,
        revenue: z.number(),
        transactions: z.number().int(),
        payingUsers: z.number().int(),
        arpdau: z.number().nullable(),
      }),
    ),
    topProducts: z.array(z.object({ productId: z.string().nullable(), revenue: z.number(), transactions: z.number().int(), buyers: z.number().int() })),
    ltv: z.object({
      cohorts: z.array(cohortRow).describe('cumulative revenue per installed user, by day since install'),
      average: z.array(z.number().nullable()).describe('the cohorts of averageCohorts together, day 0 to its lastDay'),
      averageCohorts: curveCohorts,
    }),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsRevenue' });
export type Revenue = z.infer<typeof revenueSchema>;

export const retentionSchema = z
  .object({
    mode: z.enum(retentionModes),
    cohorts: z.array(cohortRow).describe('share of the cohort retained on each day, 0 to 1'),
    curve: z.array(z.object({ day: z.number().int(), rate: z.number().nullable(), cohortUsers: z.number().int() })),
    curveCohorts,
  })
  .meta({ id: 'AnalyticsRetention' });
export type Retention = z.infer<typeof retentionSchema>;
