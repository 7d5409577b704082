import { expect, type Browser, type Page } from '@playwright/test';
import { linkFromMail } from './mail';

/** Signs `email` in by e-mail link in `page` (mail caught by the SMTP stand-in). */
export async function signInByEmail(page: Page, email: string, mailCount = 1) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.goto(await linkFromMail(email, mailCount, /https?:\/\/\S+\/auth\/callback\?\S+/));
  await expect(page.getByText('Successfully signed in with email link!')).toBeVisible();
}

/** A fresh browser (its own cookies and storage) for another person. */
export async function personIn(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

export async function completeProfile(page: Page, firstName: string, lastName: string) {
  await expect(page).toHaveURL(/\/complete-profile$/);
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Profile completed successfully! Welcome to Questboard')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome back, ${firstName}`)).toBeVisible();
}

/** The newest mail to `email` that links to an invitation. */
export async function invitationLink(email: string): Promise<string> {
  return linkFromMail(email, 1, /https?:\/\/\S+\/access\/[\w-]+/);
}
