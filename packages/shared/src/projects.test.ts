import { describe, expect, it } from 'vitest';
import {
  canDeleteProjects,
  pageInfo,
  pagingMessages,
  projectPageQuerySchema,
  projectSearchQuerySchema,
} from './projects';

describe('project paging query', () => {
  it('defaults to page 0, size 10, sorted by name ascending', () => {
    expect(projectPageQuerySchema.parse({})).toEqual({ page: 0, size: 10, sort: 'name,asc' });
    expect(projectSearchQuerySchema.parse({})).toEqual({ page: 0, size: 10, sort: 'name,asc', q: '' });
  });

  it.each([
    [
      { page: '0', size: '1', sort: 'createdAt,desc' },
      { page: 0, size: 1, sort: 'createdAt,desc' },
    ],
    [
      { page: '7', size: '100', sort: 'updatedAt,asc' },
      { page: 7, size: 100, sort: 'updatedAt,asc' },
    ],
  ])('reads %j', (query, expected) => {
    expect(projectPageQuerySchema.parse(query)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ page: '-1' }, pagingMessages.page],
    [{ page: 'abc' }, pagingMessages.page],
    [{ page: '1.5' }, pagingMessages.page],
    [{ page: '' }, pagingMessages.page],
    [{ page: '1e3' }, pagingMessages.page],
    [{ page: '9'.repeat(16) }, pagingMessages.page],
    [{ page: ['1', '2'] }, pagingMessages.page],
    [{ size: '0' }, pagingMessages.size],
    [{ size: '101' }, pagingMessages.size],
    [{ size: 'ten' }, pagingMessages.size],
    [{ sort: 'name' }, pagingMessages.sort],
    [{ sort: 'identifier,asc' }, pagingMessages.sort],
    [{ sort: 'name,up' }, pagingMessages.sort],
    [{ sort: 'name,ASC ' }, pagingMessages.sort],
  ])('refuses %j with a clear message', (query, message) => {
    const result = projectPageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('trims q and caps it at 200 characters', () => {
    expect(projectSearchQuerySchema.parse({ q: '  Quest  ' }).q).toBe('Quest');
    expect(projectSearchQuerySchema.parse({ q: 'q'.repeat(200) }).q).toHaveLength(200);
    expect(projectSearchQuerySchema.safeParse({ q: 'q'.repeat(201) }).error?.issues[0]?.message).toBe(pagingMessages.q);
    expect(projectSearchQuerySchema.safeParse({ q: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      pagingMessages.qControl,
    );
  });
});

describe('pageInfo', () => {
  it.each([
    [0, 10, 0, 0],
    [10, 10, 0, 1],
    [11, 10, 1, 2],
    [1, 100, 0, 1],
    [250, 100, 5, 3],
  ])('%i projects in pages of %i (page %i): %i pages', (total, size, number, totalPages) => {
    expect(pageInfo(total, size, number)).toEqual({ size, totalElements: total, totalPages, number });
  });
});

describe('canDeleteProjects', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['member', false],
  ] as const)('%s: %s', (role, expected) => {
    expect(canDeleteProjects(role)).toBe(expected);
  });
});
