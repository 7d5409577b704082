import { describe, expect, it } from 'vitest';
import { ClickHouseHttp, closedBeforeAnswer, literal, literalList } from './clickhouse-http';

describe('literal', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ["\\'", "'\\\\\\''"],
    ['', "''"],
  ])('quotes %j as %s', (value, sql) => {
    expect(literal(value)).toBe(sql);
  });

  it('writes numbers, booleans and NULL as SQL, refusing what is not a finite number', () => {
    expect([literal(1.5), literal(-3), literal(true), literal(false), literal(null)]).toEqual(['1.5', '-3', '1', '0', 'NULL']);
    expect(() => literal(Number.NaN)).toThrow(/finite/);
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });

  it('lists values for IN, an empty list matching nothing', () => {
    expect(literalList(['a', "b'"])).toBe("('a', 'b\\'')");
    expect(literalList([])).toBe('(NULL)');
  });
});

describe('ClickHouseHttp', () => {
  it('reads the database from the URL path, defaulting to default', () => {
    expect(new ClickHouseHttp({ url: 'http://u:p@127.0.0.1:8123/analytics' }).database).toBe('analytics');
    expect(new ClickHouseHttp({ url: 'http://127.0.0.1:8123' }).database).toBe('default');
  });
});

describe('closedBeforeAnswer', () => {
  const failed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  it.each([
    ['UND_ERR_SOCKET', true],
    ['ECONNRESET', true],
    ['EPIPE', true],
    ['ECONNREFUSED', false],
    ['ETIMEDOUT', false],
  ])('a fetch failed with %s is sent once more: %s', (code, again) => {
    expect(closedBeforeAnswer(failed(code))).toBe(again);
  });
  it('is false for anything but a failed fetch with a cause', () => {
    expect(closedBeforeAnswer(new Error('no cause'))).toBe(false);
    expect(closedBeforeAnswer('EPIPE')).toBe(false);
  });
});
