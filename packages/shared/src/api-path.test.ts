import { describe, expect, it } from 'vitest';
import { apiPath, fillPattern } from './api-path';
import { apiPaths, declaredPatterns } from './api-paths';

describe('apiPath', () => {
  it('keeps the pattern the server registers', () => {
    expect(apiPath('/core/projects/:id/currency').pattern).toBe('/core/projects/:id/currency');
  });

  it('builds a concrete path, each parameter encoded as one segment', () => {
    expect(apiPaths.projects.exchangeRate.url({ id: 'p 1', currency: 'EUR' })).toBe('/core/projects/p%201/currency/rates/EUR');
    expect(apiPaths.analytics.player.url({ id: 'p1', userId: 'a/b?c#d' })).toBe('/core/projects/p1/analytics/players/a%2Fb%3Fc%23d');
    expect(apiPaths.projects.all.url()).toBe('/core/projects/all');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => fillPattern('/core/projects/:id', {})).toThrow(':id');
    // @ts-expect-error the type system asks for :id too
    expect(() => apiPaths.projects.one.url()).toThrow(':id');
    // @ts-expect-error and for every parameter of the pattern
    expect(() => apiPaths.projects.exchangeRate.url({ id: 'p1' })).toThrow(':currency');
  });

  it('declares every path once', () => {
    expect(new Set(declaredPatterns).size).toBe(declaredPatterns.length);
    for (const pattern of declaredPatterns) expect(pattern).toMatch(/^\/[a-z0-9/:._-]+$/iu);
  });
});
