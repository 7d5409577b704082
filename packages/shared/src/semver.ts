// docs/product/live-ops.md#app-version: semantic versions (https://semver.org) and the version ranges a
// live-ops rule matches a player's app version with. ADR 020 gives the grammar and why pre-releases
// are ordinary versions here (unlike npm's ranges).

export type PrereleaseIdentifier = string | number;

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated pre-release identifiers; numeric ones as numbers. Empty for a release. */
  prerelease: PrereleaseIdentifier[];
}

export type VersionOperator = '<' | '<=' | '>' | '>=' | '=';
export interface VersionComparator {
  operator: VersionOperator;
  version: SemVer;
}
/** Alternatives (`||`), each a list of comparators that must all hold (space). */
export type VersionRange = VersionComparator[][];

export const VERSION_RANGE_MAX = 256;

const NUMBER = '0|[1-9]\\d*';
const IDENTIFIER = '[0-9A-Za-z-]+';
const PRERELEASE = `${IDENTIFIER}(?:\\.${IDENTIFIER})*`;
const STRICT = new RegExp(`^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-(${PRERELEASE}))?(?:\\+${PRERELEASE})?$`);
// What a game may send: an optional v, one to three numbers (missing ones are 0).
const LOOSE = new RegExp(`^v?(${NUMBER})(?:\\.(${NUMBER}))?(?:\\.(${NUMBER}))?(?:-(${PRERELEASE}))?(?:\\+${PRERELEASE})?$`);

function toNumber(text: string): number | null {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

function parsePrerelease(text: string | undefined): PrereleaseIdentifier[] | null {
  if (text === undefined) return [];
  const identifiers: PrereleaseIdentifier[] = [];
  for (const part of text.split('.')) {
    if (/^\d+$/.test(part)) {
      // semver.org §9: numeric identifiers must not include leading zeroes.
      if (part.length > 1 && part.startsWith('0')) return null;
      const value = toNumber(part);
      if (value === null) return null;
      identifiers.push(value);
    } else identifiers.push(part);
  }
  return identifiers;
}

function fromMatch(match: RegExpExecArray | null): SemVer | null {
  if (!match) return null;
  const major = toNumber(match[1] ?? '0');
  const minor = toNumber(match[2] ?? '0');
  const patch = toNumber(match[3] ?? '0');
  const prerelease = parsePrerelease(match[4]);
  if (major === null || minor === null || patch === null || prerelease === null) return null;
  return { major, minor, patch, prerelease };
}

/** A full semantic version (`1.2.3`, `1.0.0-beta.2+build.5`), or null. */
export function parseVersion(text: string): SemVer | null {
  return fromMatch(STRICT.exec(text.trim()));
}

/** A player's app version as games write them: `1.4`, `v2`, `1.4.0-beta` (missing parts are 0), or null. */
export function parsePlayerVersion(text: string): SemVer | null {
  return fromMatch(LOOSE.exec(text.trim()));
}

function compareIdentifiers(a: PrereleaseIdentifier, b: PrereleaseIdentifier): number {
  // semver.org §11.4: numbers compare numerically and sort before text; text compares in ASCII order.
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Precedence per semver.org §11: negative, zero or positive. Build metadata plays no part. */
export function compareVersions(a: SemVer, b: SemVer): number {
  if (a.major !== b.major) return a.major < b.major ? -1 : 1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch !== b.patch) return a.patch < b.patch ? -1 : 1;
  // A pre-release comes before its release.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return Math.sign(b.prerelease.length - a.prerelease.length);
  for (const [index, identifier] of a.prerelease.entries()) {
    const other = b.prerelease[index];
    if (other === undefined) break;
    const order = compareIdentifiers(identifier, other);
    if (order !== 0) return order;
  }
  return Math.sign(a.prerelease.length - b.prerelease.length);
}

export function formatVersion(version: SemVer): string {
  const core = `${version.major}.${version.minor}.${version.patch}`;
  return version.prerelease.length > 0 ? `${core}-${version.prerelease.join('.')}` : core;
}

function holds(version: SemVer, comparator: VersionComparator): boolean {
  const order = compareVersions(version, comparator.version);
  switch (comparator.operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

/** Whether a version is in a parsed range: some alternative whose comparators all hold. */
export function versionInRange(version: SemVer, range: VersionRange): boolean {
  return range.some((comparators) => comparators.every((comparator) => holds(version, comparator)));
}
