import { z } from 'zod';

// Issue 21 (ADR 011): each project reports revenue in one currency; purchases in another convert
// through the project's rate table at query time, and one without a rate is left out and reported.
// A rate always reads "1 unit of <currency> = <rate> units of the reporting currency".

/** The ISO 4217 code rule: three letters A-Z (games may send lower case; it is stored upper-cased). */
export const currencyCodePattern = /^[A-Za-z]{3}$/;
export const DEFAULT_REPORTING_CURRENCY = 'USD';
/** The largest rate accepted (1 unit of the weakest currency is never worth a billion of another). */
export const RATE_MAX = 1_000_000_000;
/** Rates a project may hold: far more currencies than any store sells in. */
export const RATES_MAX = 200;

export const currencyMessages = {
  code: 'Currency must be a three-letter ISO 4217 code, like USD',
  rate: `The rate must be a number above 0 and at most ${RATE_MAX.toLocaleString('en')}`,
  sameAsReporting: 'The reporting currency needs no rate: it is always 1',
  rateNotFound: 'There is no rate for this currency',
  tooManyRates: `A project holds at most ${RATES_MAX} rates`,
} as const;

export const currencyErrorCodes = {
  sameAsReporting: 'RATE_FOR_REPORTING_CURRENCY',
  rateNotFound: 'RATE_NOT_FOUND',
  tooManyRates: 'TOO_MANY_RATES',
} as const;

export const currencyCodeSchema = z
  .string({ error: currencyMessages.code })
  .trim()
  .regex(currencyCodePattern, { error: currencyMessages.code })
  .transform((code) => code.toUpperCase());

export const rateSchema = z
  .number({ error: currencyMessages.rate })
  .refine((rate) => Number.isFinite(rate) && rate > 0 && rate <= RATE_MAX, { error: currencyMessages.rate });

export const exchangeRateSchema = z
  .object({
    currency: z.string().describe('ISO 4217 code of the purchases this rate converts'),
    rate: z.number().describe('1 unit of currency = rate units of the reporting currency (1 JPY = 0.0067 USD: 0.0067)'),
    setAt: z.iso.datetime().describe('when the rate was last set'),
  })
  .meta({ id: 'ExchangeRate' });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const currencySettingsSchema = z
  .object({
    reportingCurrency: z.string().describe('every revenue figure is in this currency'),
    rates: z
      .array(exchangeRateSchema)
      .describe('by currency code; purchases in a currency without a rate are left out of revenue'),
  })
  .meta({ id: 'CurrencySettings' });
export type CurrencySettings = z.infer<typeof currencySettingsSchema>;

export const reportingCurrencyBodySchema = z.object({
  reportingCurrency: currencyCodeSchema.describe(
    'changing it removes every rate: each said what 1 unit is worth in the old currency',
  ),
});

export const rateBodySchema = z.object({
  rate: rateSchema.describe('1 unit of the currency in the path = rate units of the reporting currency'),
});

export const rateParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  currency: currencyCodeSchema,
});

/** Purchases left out of the revenue figures, per currency: their count and original amount. */
export const excludedPurchasesSchema = z
  .array(
    z.object({
      currency: z.string(),
      purchases: z.number().int(),
      amount: z.number().describe('in that currency, as sent'),
    }),
  )
  .describe('purchases in a currency without a rate: not in any revenue figure, transaction or paying-user count');
export type ExcludedPurchases = z.infer<typeof excludedPurchasesSchema>;

/** What the metrics need to convert: the reporting currency and each other currency's rate. */
export interface ProjectMoney {
  currency: string;
  rates: Readonly<Record<string, number>>;
}

/** Owners and admins set the reporting currency and the rates; every member reads them. */
export function canManageCurrency(role: 'owner' | 'admin' | 'member'): boolean {
  return role !== 'member';
}

/** '37 purchases in JPY are not counted' (the pages link the words that follow, 'add a rate'). */
export function excludedPurchasesSentence(excluded: ExcludedPurchases[number]): string {
  const purchases = excluded.purchases === 1 ? '1 purchase' : `${excluded.purchases.toLocaleString('en')} purchases`;
  return `${purchases} in ${excluded.currency} ${excluded.purchases === 1 ? 'is' : 'are'} not counted`;
}

/** '37 purchases in JPY are not counted: add a rate' (one sentence per currency). */
export function excludedPurchasesNote(excluded: ExcludedPurchases[number]): string {
  return `${excludedPurchasesSentence(excluded)}: add a rate`;
}
