/**
 * Strict e-mail addresses for everything the server mails: the dot-atom local part of RFC 5322
 * (no quoted strings, no comments), an ASCII host name with a letter TLD, 254 characters at most.
 * Anything a mail header could be tricked with (CR, LF, commas, spaces, full-width ＠) fails.
 * docs/product/security-cases.md cases 5 and 6.
 */
const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const emailPattern = new RegExp(`^${atom}(?:\\.${atom})*@(?:${label}\\.)+[A-Za-z]{2,63}$`);

/** Trims and lower-cases: the form addresses are stored and compared in. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isStrictEmail(value: string): boolean {
  return value.length <= 254 && (value.split('@')[0]?.length ?? 0) <= 64 && emailPattern.test(value);
}
