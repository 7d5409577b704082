import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '@questboard/shared/limits';
import { type ProjectSort, projectSorts } from '@questboard/shared/projects';

import type { ProjectListParams } from '../api/project-keys';

// The landing page keeps what it shows in the address (STYLE.md rule 4): ?q=&sort=&page= where
// page is 1-based for people; the API's page number is 0-based.

export const sortLabels: Record<ProjectSort, string> = {
  'name,asc': 'Name (A to Z)',
  'name,desc': 'Name (Z to A)',
  'createdAt,desc': 'Newest first',
  'createdAt,asc': 'Oldest first',
  'updatedAt,desc': 'Recently updated',
  'updatedAt,asc': 'Least recently updated',
};

export const sortChoices: ProjectSort[] = ['name,asc', 'name,desc', 'updatedAt,desc', 'updatedAt,asc', 'createdAt,desc', 'createdAt,asc'];

const isSort = (value: string | null): value is ProjectSort => projectSorts.includes(value as ProjectSort);

/** Reads the list's parameters from the address; anything unreadable falls back to the default. */
export function readListParams(search: URLSearchParams): ProjectListParams {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,9}$/u.test(pageText) ? Math.max(Number(pageText) - 1, 0) : 0;
  const sort = search.get('sort');
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    page,
    size: DEFAULT_PAGE_SIZE,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** The address for `params`, leaving defaults out so the plain list is plain '/'. */
export function writeListParams(current: URLSearchParams, params: Pick<ProjectListParams, 'q' | 'page' | 'sort'>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, isDefault: boolean) => (isDefault ? next.delete(key) : next.set(key, value));
  set('q', params.q, params.q === '');
  set('sort', params.sort, params.sort === DEFAULT_SORT);
  set('page', String(params.page + 1), params.page === 0);
  return next;
}
