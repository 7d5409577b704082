import type { Page } from '@playwright/test';

// Issue 20: how long after navigation a page's first analytics call starts, from the browser's own
// Resource Timing (startTime counts from the navigation's start), with the steps before it.

export interface FirstRequest {
  /** Navigation start to the first /analytics/ call's start, ms. */
  analytics: number;
  /** Navigation start to the session restore's start and end (POST /auth/v1/token), ms. */
  tokenStart: number;
  tokenEnd: number;
  /** The document parsed (domInteractive), ms: how busy the machine is. */
  documentReady: number;
  /** When the first of the account, organisation and project lookups answered (Infinity: none was made), ms. */
  firstLookupAnswered: number;
  /** Analytics URLs the load asked for more than once: a call sent ahead that the page did not take over (ADR 024). */
  askedTwice: string[];
}

/** The lookups that used to come before a project page's figures (issue 20). */
const lookups = ['/core/accounts/register', '/core/orgs/info', '/core/projects/info'];

/**
 * Opens `url` afresh and answers when its first analytics call started, once the page's calls have
 * all been answered: a visitor coming back does not find the server still busy with their last
 * load's calls, and the next measured load must not either.
 */
export async function measureFirstRequest(page: Page, url: string): Promise<FirstRequest> {
  // Watched from outside the page (the browser's network events): a script evaluated in the page
  // while it loads, as page.waitForFunction does, runs on its main thread and delays the very calls
  // measured (ADR 024, amendment 5).
  const firstCall = page.waitForRequest((request) => request.url().includes('/analytics/'), { timeout: 20_000 });
  await page.goto(url);
  await firstCall;
  await page.waitForLoadState('networkidle');
  return page.evaluate((lookupPaths) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const token = resources.find((entry) => entry.name.endsWith('/auth/v1/token'));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const analyticsUrls = resources.filter((entry) => entry.name.includes('/analytics/')).map((entry) => entry.name);
    return {
      analytics: Math.min(...resources.filter((entry) => entry.name.includes('/analytics/')).map((entry) => entry.startTime)),
      tokenStart: token?.startTime ?? Number.NaN,
      tokenEnd: token?.responseEnd ?? Number.NaN,
      documentReady: navigation?.domInteractive ?? Number.NaN,
      firstLookupAnswered: Math.min(...resources.filter((entry) => lookupPaths.includes(new URL(entry.name).pathname)).map((entry) => entry.responseEnd)),
      askedTwice: [...new Set(analyticsUrls.filter((url, index) => analyticsUrls.indexOf(url) !== index))],
    };
  }, lookups);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const describeRun = ({ analytics, tokenStart, tokenEnd, documentReady, firstLookupAnswered }: FirstRequest) =>
  `first analytics call at ${analytics.toFixed(0)} ms (document parsed at ${documentReady.toFixed(0)} ms, session restored ${tokenStart.toFixed(0)}–${tokenEnd.toFixed(0)} ms, first lookup answered at ${firstLookupAnswered.toFixed(0)} ms)`;
