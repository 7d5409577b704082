import { expect, type Page } from '@playwright/test';

/**
 * Closes the toast that says `text` with its Close notification button, as a person would, and
 * waits until it has gone, so the screenshots and axe that follow see the page without it. Waiting
 * for a toast to time out cost up to five seconds each (ADR 018). A toast that has already gone by
 * itself is fine: the point is that nothing saying `text` is on the page when this returns.
 */
export async function closeToast(page: Page, text: string) {
  const close = page.locator('[data-sonner-toast]').filter({ hasText: text }).getByRole('button', { name: 'Close notification' });
  if (await close.isVisible()) {
    // It may time out on its own between the look and the click; the expectation below decides.
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(page.getByText(text)).toBeHidden({ timeout: 10_000 });
}
