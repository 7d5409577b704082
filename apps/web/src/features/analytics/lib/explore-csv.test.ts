import { describe, expect, it } from 'vitest';

import { csvField, exploreCsv, exploreCsvFileName, exploreRows } from './explore-csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    // Formula injection: a leading apostrophe makes the spreadsheet show the text.
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
    [12, '12'],
    [-3.5, '-3.5'],
    [0, '0'],
    [null, ''],
    [Number.NaN, ''],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('exploreCsv', () => {
  const answer = {
    series: [
      {
        key: 'ios',
        label: 'ios',
        source: 'A',
        total: 5,
        points: [
          { date: '2026-03-02', value: 3 },
          { date: '2026-03-01', value: 2 },
        ],
      },
      {
        key: null,
        label: 'Not set',
        source: 'A',
        total: 1,
        points: [
          { date: '2026-03-01', value: null },
          { date: '2026-03-02', value: 1 },
        ],
      },
      { key: '=evil', label: '=evil, "quoted"', source: 'A', total: 0, points: [{ date: '2026-03-01', value: -1.25 }] },
    ],
  };

  it('has a date column and one column per series, in date order, blank where a value is missing', () => {
    expect(exploreRows(answer)).toEqual({
      header: ['Date', 'ios', 'Not set', '=evil, "quoted"'],
      rows: [
        ['2026-03-01', 2, null, -1.25],
        ['2026-03-02', 3, 1, null],
      ],
    });
  });

  it('is RFC 4180 text with CRLF line ends and guarded labels', () => {
    expect(exploreCsv(answer)).toBe(
      'Date,ios,Not set,"\'=evil, ""quoted"""\r\n2026-03-01,2,,-1.25\r\n2026-03-02,3,1,\r\n',
    );
  });

  it('is just the header without series', () => {
    expect(exploreCsv({ series: [] })).toBe('Date\r\n');
  });
});

describe('exploreCsvFileName', () => {
  it.each([
    [
      { project: 'lost-levels', event: 'level_complete', from: '2026-03-01', to: '2026-03-30' },
      'lost-levels-level_complete-2026-03-01-2026-03-30.csv',
    ],
    [
      { project: 'lost-levels', event: null, from: '2026-03-01', to: '2026-03-30' },
      'lost-levels-all-events-2026-03-01-2026-03-30.csv',
    ],
    [
      { project: 'lost-levels', event: '../shop/open now!', from: '2026-03-01', to: '2026-03-01' },
      'lost-levels-shop-open-now-2026-03-01-2026-03-01.csv',
    ],
    [
      { project: 'lost-levels', event: '***', from: '2026-03-01', to: '2026-03-01' },
      'lost-levels-event-2026-03-01-2026-03-01.csv',
    ],
  ])('%j → %s', (input, expected) => {
    expect(exploreCsvFileName(input)).toBe(expected);
  });
});
