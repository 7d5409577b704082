import { describe, expect, it } from 'vitest';

import { roleWithArticle } from './organisation-roles';

describe('roleWithArticle', () => {
  it.each([
    ['owner', 'an Owner'],
    ['admin', 'an Admin'],
    ['member', 'a Member'],
  ] as const)('%s reads as %s', (role, text) => {
    expect(roleWithArticle(role)).toBe(text);
  });
});
