// The reporting currency select and the rate table's words (issue 21, ADR 011).

const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
const rates = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 10 });

/** 'US Dollar' for USD; the code itself for one the browser does not know. */
export function currencyName(code: string): string {
  return names.of(code) ?? code;
}

/** Every ISO 4217 currency the browser knows, as 'USD — US Dollar', by code; `current` always among them. */
export function currencyOptions(current: string): { code: string; label: string }[] {
  const codes = new Set(Intl.supportedValuesOf('currency'));
  codes.add(current);
  return [...codes].sort().map((code) => ({ code, label: `${code} — ${currencyName(code)}` }));
}

/** The direction of a rate, written out: '1 JPY = 0.0067 USD'. */
export function rateSentence(currency: string, rate: number, reportingCurrency: string): string {
  return `1 ${currency} = ${rates.format(rate)} ${reportingCurrency}`;
}
