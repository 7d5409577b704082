// Issue 21: PostgreSQL cannot store U+0000 at all, and a lone UTF-16 surrogate ('\ud800') is not
// Unicode text, so neither can be written as UTF-8. Both used to reach the database and come back
// as a 500. Every text that reaches PostgreSQL or DuckDB is checked with this at the schema boundary
// (database-text.ts). No zod here: the web app's first-page calls use the rule before zod loads (ADR 024).

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored: no NUL character and no lone surrogate. */
export function isDatabaseText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** The message for a field whose text cannot be stored, naming the field as the person knows it. */
export function databaseTextMessage(label: string): string {
  return `${label} must not contain NUL characters or broken Unicode (a lone surrogate)`;
}
