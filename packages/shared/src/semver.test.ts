import { describe, expect, it } from 'vitest';
import { compareVersions, formatVersion, parsePlayerVersion, parseVersion } from './semver';
import type { SemVer } from './semver';
import { matchesVersionRange, parseVersionRange, versionRangeError } from './semver-range';

const v = (text: string): SemVer => {
  const parsed = parseVersion(text);
  if (!parsed) throw new Error(`not a version: ${text}`);
  return parsed;
};

describe('parseVersion', () => {
  it.each([
    ['1.2.3', { major: 1, minor: 2, patch: 3, prerelease: [] }],
    ['1.0.0-alpha.1', { major: 1, minor: 0, patch: 0, prerelease: ['alpha', 1] }],
    ['1.0.0-x-y.7.z.92+build.5', { major: 1, minor: 0, patch: 0, prerelease: ['x-y', 7, 'z', 92] }],
    ['10.20.30+exp.sha.5114f85', { major: 10, minor: 20, patch: 30, prerelease: [] }],
  ])('reads %s', (text, version) => {
    expect(parseVersion(text)).toEqual(version);
  });

  // semver.org §2, §9, §10: three numbers without leading zeros, identifiers not empty.
  it.each(['1.2', '01.2.3', '1.2.3-01', '1.2.3-', '1.2.3-a..b', '1.2.3+', 'v1.2.3', '1.2.3.4', '99999999999999999.0.0'])('refuses %s', (text) => {
    expect(parseVersion(text)).toBeNull();
  });

  it('reads what games send more kindly: missing parts are 0, a leading v is fine', () => {
    expect(parsePlayerVersion('1.4')).toEqual(v('1.4.0'));
    expect(parsePlayerVersion('v2')).toEqual(v('2.0.0'));
    expect(parsePlayerVersion(' 1.4.0-beta ')).toEqual(v('1.4.0-beta'));
    expect(parsePlayerVersion('1.4.0.123')).toBeNull();
    expect(parsePlayerVersion('latest')).toBeNull();
  });
});

describe('compareVersions', () => {
  it('orders semver.org §11 example exactly', () => {
    const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0'];
    expect([...ordered].reverse().map(v).sort(compareVersions).map(formatVersion)).toEqual(ordered);
    for (let index = 1; index < ordered.length; index += 1) {
      expect(compareVersions(v(ordered[index - 1] ?? ''), v(ordered[index] ?? ''))).toBe(-1);
      expect(compareVersions(v(ordered[index] ?? ''), v(ordered[index - 1] ?? ''))).toBe(1);
    }
  });

  it.each([
    ['1.0.0', '2.0.0', -1],
    ['2.0.0', '2.1.0', -1],
    ['2.1.0', '2.1.1', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.0+build.1', '1.0.0+build.2', 0],
    ['1.0.0-1', '1.0.0-a', -1],
    ['1.0.0-a.b', '1.0.0-a', 1],
    ['1.0.0-B', '1.0.0-a', -1],
  ])('%s against %s is %i', (a, b, order) => {
    expect(compareVersions(v(a), v(b))).toBe(order);
  });
});

describe('version ranges', () => {
  it.each([
    ['>=1.2.0', ['1.2.0', '1.10.0', '2.0.0'], ['1.1.9', '1.2.0-rc.1']],
    ['<2.0.0', ['1.99.0', '2.0.0-beta'], ['2.0.0']],
    ['>1.2.3 <=1.4.0', ['1.2.4', '1.4.0', '1.4.0-rc.1'], ['1.2.3', '1.4.1']],
    ['1.2.0 - 1.4.x', ['1.2.0', '1.3.5', '1.4.99', '1.4.0-beta'], ['1.1.9', '1.5.0', '1.5.0-alpha', '1.2.0-rc.1']],
    ['1.2.3 - 2.0.0', ['1.2.3', '2.0.0'], ['2.0.1']],
    ['1.2.x', ['1.2.0', '1.2.0-beta', '1.2.77'], ['1.3.0', '1.3.0-alpha', '1.1.9']],
    ['1.2', ['1.2.5'], ['1.3.0']],
    ['1', ['1.0.0', '1.9.9'], ['2.0.0', '0.9.0']],
    ['=1.2.3', ['1.2.3', '1.2.3+build'], ['1.2.4', '1.2.3-rc']],
    ['>1.2', ['1.3.0', '1.3.0-alpha'], ['1.2.9']],
    ['<=1.2', ['1.2.9', '1.0.0'], ['1.3.0-alpha']],
    ['<1.2', ['1.1.9'], ['1.2.0-alpha', '1.2.0']],
    ['^1.2.3', ['1.2.3', '1.9.0'], ['1.2.2', '2.0.0', '2.0.0-alpha']],
    ['^0.2.3', ['0.2.3', '0.2.9'], ['0.3.0']],
    ['^0.0.3', ['0.0.3'], ['0.0.4']],
    ['~1.2.3', ['1.2.3', '1.2.9'], ['1.3.0', '1.2.2']],
    ['~1', ['1.5.0'], ['2.0.0']],
    ['<1.0.0 || >=2.0.0 <3.0.0', ['0.9.0', '2.5.0'], ['1.5.0', '3.0.0']],
    ['>= 1.2.0  < 1.3.0', ['1.2.5'], ['1.3.0']],
    ['*', ['0.0.1', '9.9.9'], []],
    ['>=1.0.0-beta.2', ['1.0.0-beta.11', '1.0.0'], ['1.0.0-beta']],
  ])('%s takes %j and not %j', (text, inside, outside) => {
    const parsed = parseVersionRange(text);
    if (!parsed.ok) throw new Error(parsed.message);
    for (const version of inside) expect([version, matchesVersionRange(version, parsed.range)]).toEqual([version, true]);
    for (const version of outside) expect([version, matchesVersionRange(version, parsed.range)]).toEqual([version, false]);
  });

  it('never matches an app version it cannot read', () => {
    const parsed = parseVersionRange('*');
    expect(parsed.ok && matchesVersionRange('nightly', parsed.range)).toBe(false);
    expect(parsed.ok && matchesVersionRange('1.4', parsed.range)).toBe(true);
  });

  const invalid = (range: string, part: string) =>
    `Version range "${range}" is not valid: "${part}" is not a version like 1.2.0 or 1.2.x, with an optional <, <=, >, >=, =, ^ or ~ before it`;

  it.each([
    ['', 'Enter a version range, like >=1.2.0'],
    ['   ', 'Enter a version range, like >=1.2.0'],
    ['>=1.2.0 <', invalid('>=1.2.0 <', '<')],
    ['=>1.2.0', invalid('=>1.2.0', '=>1.2.0')],
    ['1.2.x-beta', invalid('1.2.x-beta', '1.2.x-beta')],
    ['1.2.3 - ', invalid('1.2.3 -', '-')],
    ['>=01.2.0', invalid('>=01.2.0', '>=01.2.0')],
    ['>=1.2.0 ||', 'Version range ">=1.2.0 ||" is not valid: "||" needs a range on each side'],
    ['>=1.0.0 - 2.0.0', invalid('>=1.0.0 - 2.0.0', '>=1.0.0 - 2.0.0')],
    ['1'.repeat(257), 'A version range must be at most 256 characters'],
  ])('refuses %j: %s', (range, message) => {
    expect(versionRangeError(range)).toBe(message);
  });
});
