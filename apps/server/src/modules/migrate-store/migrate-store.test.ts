import { describe, expect, it } from 'vitest';
import { foreignKeyOrder, occupiedTables } from './copy-accounts';
import { planProjects, projectOfTable } from './copy-events';
import { chooseParts } from './migrate-store-cli';

// The decisions of `npm run migrate-store` (ADR 035) that need no database.

describe('foreignKeyOrder', () => {
  it.each([
    ['no references: by name', ['b', 'a', 'c'], [], ['a', 'b', 'c']],
    ['a chain', ['memberships', 'accounts', 'organisations'], [{ child: 'memberships', parent: 'organisations' }, { child: 'memberships', parent: 'accounts' }, { child: 'organisations', parent: 'accounts' }], ['accounts', 'organisations', 'memberships']],
    ['a table referencing itself', ['tree', 'leaf'], [{ child: 'tree', parent: 'tree' }, { child: 'leaf', parent: 'tree' }], ['tree', 'leaf']],
    ['a reference outside the schema is ignored', ['a'], [{ child: 'a', parent: 'elsewhere' }], ['a']],
  ])('%s', (_name, tables, references, expected) => {
    expect(foreignKeyOrder(tables, references)).toEqual(expected);
  });

  it('refuses a cycle between tables', () => {
    expect(() => foreignKeyOrder(['a', 'b', 'c'], [{ child: 'a', parent: 'b' }, { child: 'b', parent: 'a' }])).toThrow(
      'The tables a, b reference each other in a cycle',
    );
  });
});

describe('occupiedTables', () => {
  it('counts only rows beyond those a fresh migration seeds', () => {
    const seeded = new Map([['cache_version', 1]]);
    expect(occupiedTables(new Map([['cache_version', 1], ['projects', 0]]), seeded)).toEqual([]);
    expect(occupiedTables(new Map([['cache_version', 2], ['projects', 3]]), seeded)).toEqual(['cache_version (2)', 'projects (3)']);
  });
});

describe('projectOfTable', () => {
  it.each([
    ['events_0a7c5e11999949998999', undefined],
    ['events_0a7c5e119999499989990000000000d2', '0a7c5e11-9999-4999-8999-0000000000d2'],
    ['rollup_dirty', undefined],
    ['events_0A7C5E119999499989990000000000D2', undefined],
  ])('%s → %s', (table, project) => {
    expect(projectOfTable(table)).toBe(project);
  });
});

describe('planProjects', () => {
  const projects = [
    { projectId: 'new', events: 10 },
    { projectId: 'complete', events: 10 },
    { projectId: 'stopped', events: 10 },
    { projectId: 'empty', events: 0 },
  ];
  const held = new Map([['complete', 10], ['stopped', 4]]);

  it('copies projects ClickHouse holds nothing of and refuses the others', () => {
    expect(planProjects(projects, held, false).map((plan) => [plan.projectId, plan.action])).toEqual([
      ['new', 'copy'],
      ['complete', 'refuse'],
      ['stopped', 'refuse'],
      ['empty', 'skip'],
    ]);
  });

  it('resuming, skips complete projects and sends the stopped one again', () => {
    expect(planProjects(projects, held, true).map((plan) => [plan.projectId, plan.action, plan.inTarget])).toEqual([
      ['new', 'copy', 0],
      ['complete', 'skip', 10],
      ['stopped', 'copy', 4],
      ['empty', 'skip', 0],
    ]);
  });
});

describe('chooseParts', () => {
  const both = { DATABASE_URL: 'postgres://h/db', CLICKHOUSE_URL: 'http://h:8123/db' };
  it.each([
    ['no flags: every part whose variable is set', {}, both, { accounts: true, events: true }],
    ['no flags, PostgreSQL only', {}, { DATABASE_URL: both.DATABASE_URL }, { accounts: true, events: false }],
    ['--events only', { events: true }, both, { accounts: false, events: true }],
  ])('%s', (_name, flags, env, parts) => {
    expect(chooseParts(flags, env)).toEqual(parts);
  });

  it.each([
    [{}, {}, 'Nothing to copy to'],
    [{ accounts: true }, { CLICKHOUSE_URL: both.CLICKHOUSE_URL }, '--accounts copies to PostgreSQL: set DATABASE_URL'],
    [{ events: true }, { DATABASE_URL: both.DATABASE_URL }, '--events copies to ClickHouse: set CLICKHOUSE_URL'],
  ])('refuses %j with %j', (flags, env, message) => {
    expect(() => chooseParts(flags, env)).toThrow(message);
  });
});
