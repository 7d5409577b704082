import { describe, expect, it } from 'vitest';

import { currencyName, currencyOptions, rateSentence } from './currency-options';

describe('currency options', () => {
  it('lists the ISO 4217 currencies by code with their names', () => {
    const options = currencyOptions('USD');
    expect(options.find((option) => option.code === 'JPY')?.label).toBe('JPY — Japanese Yen');
    expect(options.map((option) => option.code)).toEqual([...options.map((option) => option.code)].sort());
    expect(options.length).toBeGreaterThan(100);
  });

  it('keeps a current code the browser does not know', () => {
    expect(currencyOptions('XQB').find((option) => option.code === 'XQB')).toEqual({ code: 'XQB', label: 'XQB — XQB' });
    expect(currencyName('XQB')).toBe('XQB');
  });
});

describe('rateSentence', () => {
  it.each([
    ['JPY', 0.0067, 'USD', '1 JPY = 0.0067 USD'],
    ['USD', 151.25, 'JPY', '1 USD = 151.25 JPY'],
    ['KRW', 1234.5, 'EUR', '1 KRW = 1,234.5 EUR'],
    ['XYZ', 0.000012345678912, 'USD', '1 XYZ = 0.00001234567891 USD'],
  ])('%s at %d in %s', (currency, rate, reporting, sentence) => expect(rateSentence(currency, rate, reporting)).toBe(sentence));
});
