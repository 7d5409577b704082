import { describe, expect, it } from 'vitest';

import { readListParams, writeListParams } from './project-list-params';

describe('readListParams', () => {
  it.each([
    ['', { q: '', page: 0, size: 10, sort: 'name,asc' }],
    ['?q=orc&page=3&sort=updatedAt,desc', { q: 'orc', page: 2, size: 10, sort: 'updatedAt,desc' }],
    ['?page=0', { q: '', page: 0, size: 10, sort: 'name,asc' }],
    ['?page=-1&sort=size,asc', { q: '', page: 0, size: 10, sort: 'name,asc' }],
    ['?page=1e2&sort=name', { q: '', page: 0, size: 10, sort: 'name,asc' }],
  ])('reads %j', (search, expected) => {
    expect(readListParams(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('writeListParams', () => {
  it.each([
    [{ q: '', page: 0, sort: 'name,asc' as const }, ''],
    [{ q: 'orc', page: 1, sort: 'createdAt,desc' as const }, 'q=orc&sort=createdAt%2Cdesc&page=2'],
  ])('writes %j', (params, expected) => {
    expect(writeListParams(new URLSearchParams('auth=x'), params).toString()).toBe(expected ? `auth=x&${expected}` : 'auth=x');
  });
});
