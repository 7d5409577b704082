import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// axe-core once per document: AxeBuilder evaluates the script it is given before every run (twice,
// counting each frame), and its default source is axe-core's unminified 1.4 MB. Given the minified
// build of the same package behind a guard, a page that already has axe keeps it; a navigation
// that replaces the document injects it again. ADR 018, fifth revision.
const axeMinified = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const axeSource = `if (typeof window.axe === 'undefined') {\n${axeMinified}\n}`;

/**
 * An axe run on `page`, with `rules` switched on or off besides the tags a caller gives. It runs in
 * axe's legacy mode: one `axe.run` in the page, which also checks its same-origin frames. The
 * default mode runs each frame on its own and merges the results in a new blank page, a browser tab
 * opened and closed for every check; the product has no cross-origin frames for that to reach.
 */
export function axeOn(page: Page, { rules }: { rules?: Record<string, { enabled: boolean }> } = {}) {
  // Only violations are reported in full: the passes and the inapplicable rules, which nothing
  // here reads, are otherwise collected node by node.
  return new AxeBuilder({ page, axeSource }).setLegacyMode().options({ resultTypes: ['violations'], ...(rules && { rules }) });
}

/** The rule sets issue 21 asks for: WCAG 2.1 levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Best-practice rules issue 21 names besides: axe files them under no WCAG tag. */
const namedRules = ['heading-order'];

/** One line per violation and element, so a failure says what to fix and where. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`),
  );
}

/**
 * Waits for the animations that end (colour transitions after a scheme switch), 2 s at most; a
 * loading skeleton's pulse never ends and is not waited for. axe must measure the end colours: on a
 * busy machine it once read a text field's text mid-transition (1.04:1), and a screenshot would show
 * the mix.
 */
export async function finiteAnimationsEnded(page: Page) {
  await page.evaluate(async () => {
    getComputedStyle(document.body).getPropertyValue('color');
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const finished = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/**
 * The rules of `wcagTags` whose verdict depends on colours: contrast, and links told apart from the
 * text around them by colour. A page in the other scheme is the same document in other colours, so
 * after a full run in one scheme these are what the other can change (ADR 018, seventh revision).
 */
export const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page as it is now, or only inside `include` (a journey's own part of a page);
 * `name` says which screen (and scheme) in the failure. `coloursOnly`: only `colourRules`, for the
 * same screen in its second scheme.
 */
export async function expectNoAxeViolations(page: Page, name: string, { include, coloursOnly = false }: { include?: string; coloursOnly?: boolean } = {}) {
  const run = coloursOnly
    ? axeOn(page).withRules(colourRules)
    : axeOn(page, { rules: Object.fromEntries(namedRules.map((rule) => [rule, { enabled: true }])) }).withTags(wcagTags);
  const results = await (include ? run.include(include) : run).analyze();
  // Soft: one run lists every screen's violations, and the test still fails.
  expect.soft(describe(results.violations), `axe violations on ${name}`).toEqual([]);
}

/**
 * expectNoAxeViolations in the light and the dark scheme, for screens the specs visit without
 * shooting. The app's pages follow the scheme by a `dark` class on <html>, waited for; pages the
 * server renders itself (the dev mailbox) follow it in CSS alone: `appPage: false`.
 */
export async function expectNoAxeViolationsInBothSchemes(
  page: Page,
  name: string,
  { appPage = true, include }: { appPage?: boolean; include?: string } = {},
) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (appPage) await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/);
    await finiteAnimationsEnded(page);
    await expectNoAxeViolations(page, `${name} in the ${scheme} scheme`, { include, coloursOnly: scheme === 'dark' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
