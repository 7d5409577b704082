import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, finiteAnimationsEnded } from './accessibility';

/** Where the specs' screenshots go unless a spec names another folder. */
export const screenshotsDir = path.join(process.cwd(), 'test-results/screenshots');

export const screenshotWidths = [1280, 360] as const;
export const colourSchemes = ['light', 'dark'] as const;

/**
 * Full-page screenshots at 1280 and 360 px in both colour schemes, as `<dir>/<name>-<scheme>-<width>.png`;
 * nothing may stick out sideways at either width. Each is taken from the top of the page (a
 * full-page shot of a scrolled page draws the sticky top bar mid-page), once the page follows the
 * scheme (the System theme toggles `dark` on <html>), its colour transitions have ended, and `settled` (if given) says it has redrawn.
 * Each shot is also checked with axe (WCAG 2.1 AA, issue 21), so every screen shot passes in both schemes:
 * every rule in the light scheme at both widths, and what colours decide in the dark one (`colourRules`).
 * Leaves the page at 1280 × 720 in the light scheme.
 */
export async function shoot(
  page: Page,
  name: string,
  { dir = screenshotsDir, settled }: { dir?: string; settled?: (page: Page) => Promise<void> } = {},
) {
  for (const scheme of colourSchemes) {
    for (const width of screenshotWidths) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(
        scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      if (settled) await settled(page);
      await finiteAnimationsEnded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px in the ${scheme} scheme sticks out sideways`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${name} at ${width} px in the ${scheme} scheme`, { coloursOnly: scheme === 'dark' });
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
}
