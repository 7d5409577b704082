import { describe, expect, it } from 'vitest';
import { canManageCurrency, currencyCodeSchema, currencyMessages, excludedPurchasesNote, rateSchema } from './money';

describe('the ISO 4217 code rule', () => {
  it.each([
    ['USD', 'USD'],
    ['jpy', 'JPY'],
    [' eur ', 'EUR'],
  ])('accepts %j as %s', (input, code) => expect(currencyCodeSchema.parse(input)).toBe(code));

  it.each(['US', 'USDT', 'US1', 'U$D', '', 'U\u0000S', 'US\ud800', 'ＵＳＤ', 840, null])('refuses %j', (input) => {
    const result = currencyCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(currencyMessages.code);
  });
});

describe('a rate', () => {
  it.each([0.0067, 1, 158.2, 1_000_000_000])('accepts %d', (rate) => expect(rateSchema.parse(rate)).toBe(rate));
  it.each([0, -1, Number.POSITIVE_INFINITY, Number.NaN, 1_000_000_001, '1', null])('refuses %j', (rate) => {
    const result = rateSchema.safeParse(rate);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(currencyMessages.rate);
  });
});

describe('the note on purchases left out', () => {
  it.each([
    [{ currency: 'JPY', purchases: 37, amount: 55_500 }, '37 purchases in JPY are not counted: add a rate'],
    [{ currency: 'EUR', purchases: 1, amount: 4.99 }, '1 purchase in EUR is not counted: add a rate'],
    [{ currency: 'GBP', purchases: 12_345, amount: 1 }, '12,345 purchases in GBP are not counted: add a rate'],
  ])('%j', (excluded, note) => expect(excludedPurchasesNote(excluded)).toBe(note));
});

it('lets owners and admins change the currency settings, not members', () => {
  expect([canManageCurrency('owner'), canManageCurrency('admin'), canManageCurrency('member')]).toEqual([true, true, false]);
});
