// The explorer's answer as a CSV file, built in the browser from what the page already shows:
// one row per bucket, a date column and one column per series (RFC 4180).
import type { Explore } from '@questboard/shared/analytics-explore';

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP): an
// event name or breakdown value sent by a game could be '=HYPERLINK(…)'. Tab and carriage return
// start formulas in some of them too.
const FORMULA_START = /^[=+\-@\t\r]/u;

/**
 * One field: text that could be read as a formula gets a leading apostrophe, and a field with a
 * comma, quote or line break is quoted with its quotes doubled. Numbers are the page's own figures,
 * written as numbers (a negative sum stays a number), and null is an empty field.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/u.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Lines end with CRLF, the last one too (RFC 4180). */
export function csvText(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The rows of the answer: the header (Date and each series' label), then each bucket's values in
 * date order. Every series has the same buckets; a bucket missing from one series is left empty.
 */
export function exploreRows(answer: Pick<Explore, 'series'>): { header: string[]; rows: (string | number | null)[][] } {
  const dates = [...new Set(answer.series.flatMap((series) => series.points.map((point) => point.date)))].sort();
  const lookups = answer.series.map((series) => new Map(series.points.map((point) => [point.date, point.value])));
  return {
    header: ['Date', ...answer.series.map((series) => series.label)],
    rows: dates.map((date) => [date, ...lookups.map((values) => values.get(date) ?? null)]),
  };
}

export function exploreCsv(answer: Pick<Explore, 'series'>): string {
  const { header, rows } = exploreRows(answer);
  return csvText([header, ...rows]);
}

// Letters, digits, dot, underscore and hyphen survive every file system; the rest become '-'.
const fileNamePart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9._-]+/gu, '-')
    .replace(/^[-.]+|-+$/gu, '')
    .slice(0, 60) || 'event';

/** lost-levels-level_complete-2026-03-01-2026-03-30.csv; all-events without an event. */
export function exploreCsvFileName({
  project,
  event,
  from,
  to,
}: {
  project: string;
  event: string | null;
  from: string;
  to: string;
}): string {
  return `${fileNamePart(project)}-${event === null ? 'all-events' : fileNamePart(event)}-${from}-${to}.csv`;
}
