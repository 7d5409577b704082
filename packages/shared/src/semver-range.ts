// docs/product/live-ops.md#app-version: the version ranges of live-ops rules, parsed once into comparators.
// Grammar (ADR 020): alternatives separated by `||`; in each, comparators separated by spaces must all
// hold; a comparator is an operator (<, <=, >, >=, =, ^, ~ or none) and a version, where x, X or * (or
// a missing part) stands for any number; `A - B` is an inclusive range. A partial version covers every
// version that starts with it, pre-releases included: `1.2.x` is >=1.2.0-0 <1.3.0-0.
import type { SemVer, VersionComparator, VersionOperator, VersionRange } from './semver';
import { parsePlayerVersion, VERSION_RANGE_MAX, versionInRange } from './semver';

const NUMBER = '0|[1-9]\\d*';
const PART = `(${NUMBER}|[xX*])`;
const IDENTIFIER = '[0-9A-Za-z-]+';
const PRERELEASE = `${IDENTIFIER}(?:\\.${IDENTIFIER})*`;
const TOKEN = new RegExp(`^(<=|>=|<|>|=|\\^|~)?v?${PART}(?:\\.${PART})?(?:\\.${PART})?(?:-(${PRERELEASE}))?(?:\\+${PRERELEASE})?$`);
const HYPHEN = /^(\S+)\s+-\s+(\S+)$/;

/** A version in a range: numbers up to the first wildcard or missing part, then null. */
interface Partial {
  parts: [number | null, number | null, number | null];
  prerelease: (string | number)[];
}

const version = (major: number, minor: number, patch: number, prerelease: (string | number)[] = []): SemVer => ({
  major, minor, patch, prerelease,
});
/** The first version after every version that starts with the partial's known parts, `-0` being the lowest pre-release. */
const LOWEST: (string | number)[] = [0];

function lower({ parts: [major, minor, patch], prerelease }: Partial): SemVer {
  if (patch !== null) return version(major ?? 0, minor ?? 0, patch, prerelease);
  return version(major ?? 0, minor ?? 0, 0, LOWEST);
}

/** Exclusive upper bound of a partial whose major is known and whose patch is not. */
function upper({ parts: [major, minor] }: Partial): SemVer {
  return minor === null ? version((major ?? 0) + 1, 0, 0, LOWEST) : version(major ?? 0, minor + 1, 0, LOWEST);
}

function caretUpper({ parts: [major, minor, patch] }: Partial): SemVer {
  const m = major ?? 0;
  if (m > 0 || minor === null) return version(m + 1, 0, 0, LOWEST);
  if (minor > 0 || patch === null) return version(0, minor + 1, 0, LOWEST);
  return version(0, 0, patch + 1, LOWEST);
}

const at = (operator: VersionOperator, bound: SemVer): VersionComparator => ({ operator, version: bound });

type Parsed<T> = { ok: true; value: T } | { ok: false; part: string };

function parsePartial(text: string): Parsed<{ operator: string; partial: Partial }> {
  const match = TOKEN.exec(text);
  if (!match) return { ok: false, part: text };
  const numbers: (number | null)[] = [];
  let wildcard = false;
  for (const raw of [match[2], match[3], match[4]]) {
    wildcard ||= raw === undefined || /^[xX*]$/.test(raw);
    const value = wildcard ? null : Number(raw);
    if (value !== null && !Number.isSafeInteger(value)) return { ok: false, part: text };
    numbers.push(value);
  }
  const prerelease = match[5] === undefined ? [] : parsePlayerVersion(`0.0.0-${match[5]}`)?.prerelease;
  // A pre-release belongs to one exact version: 1.2.x-beta means nothing.
  if (prerelease === undefined || (prerelease.length > 0 && wildcard)) return { ok: false, part: text };
  return { ok: true, value: { operator: match[1] ?? '=', partial: { parts: numbers as Partial['parts'], prerelease } } };
}

function comparatorsOf(operator: string, partial: Partial): VersionComparator[] {
  const [major, , patch] = partial.parts;
  if (major === null) return []; // *, x: any version
  const exact = patch !== null;
  switch (operator) {
    case '^':
      return [at('>=', lower(partial)), at('<', caretUpper(partial))];
    case '~':
      return [at('>=', lower(partial)), at('<', exact ? upper({ ...partial, parts: [major, partial.parts[1], null] }) : upper(partial))];
    case '=':
      return exact ? [at('=', lower(partial))] : [at('>=', lower(partial)), at('<', upper(partial))];
    case '>':
      return [exact ? at('>', lower(partial)) : at('>=', upper(partial))];
    case '<=':
      return [exact ? at('<=', lower(partial)) : at('<', upper(partial))];
    default: // '<' and '>='
      return [at(operator as VersionOperator, lower(partial))];
  }
}

function parseAlternative(text: string): Parsed<VersionComparator[]> {
  const hyphen = HYPHEN.exec(text);
  if (hyphen) {
    const from = parsePartial(hyphen[1] ?? '');
    const to = parsePartial(hyphen[2] ?? '');
    if (!from.ok) return from;
    if (!to.ok) return to;
    if (from.value.operator !== '=' || to.value.operator !== '=') return { ok: false, part: text };
    const lowerBound = comparatorsOf('>=', from.value.partial);
    const upperBound = comparatorsOf('<=', to.value.partial);
    return { ok: true, value: [...lowerBound, ...upperBound] };
  }
  // `>= 1.2.0` is `>=1.2.0`.
  const tokens = text.replace(/(<=|>=|<|>|=|\^|~)\s+/g, '$1').split(/\s+/);
  const comparators: VersionComparator[] = [];
  for (const token of tokens) {
    const parsed = parsePartial(token);
    if (!parsed.ok) return parsed;
    comparators.push(...comparatorsOf(parsed.value.operator, parsed.value.partial));
  }
  return { ok: true, value: comparators };
}

export type VersionRangeResult = { ok: true; range: VersionRange } | { ok: false; message: string };

/** A range, or a message saying which part is wrong; the editor and the server show it as is. */
export function parseVersionRange(text: string): VersionRangeResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a version range, like >=1.2.0' };
  if (trimmed.length > VERSION_RANGE_MAX) {
    return { ok: false, message: `A version range must be at most ${VERSION_RANGE_MAX} characters` };
  }
  const range: VersionRange = [];
  for (const alternative of trimmed.split('||').map((part) => part.trim())) {
    if (alternative === '') {
      return { ok: false, message: `Version range "${trimmed}" is not valid: "||" needs a range on each side` };
    }
    const parsed = parseAlternative(alternative);
    if (!parsed.ok) {
      return {
        ok: false,
        message: `Version range "${trimmed}" is not valid: "${parsed.part}" is not a version like 1.2.0 or 1.2.x, with an optional <, <=, >, >=, =, ^ or ~ before it`,
      };
    }
    range.push(parsed.value);
  }
  return { ok: true, range };
}

/** The message for an unusable range, or null. */
export function versionRangeError(text: string): string | null {
  const result = parseVersionRange(text);
  return result.ok ? null : result.message;
}

/** Whether a player's app version (as the game sent it) is in the range; an unreadable version never is. */
export function matchesVersionRange(appVersion: string, range: VersionRange): boolean {
  const parsed = parsePlayerVersion(appVersion);
  return parsed !== null && versionInRange(parsed, range);
}
