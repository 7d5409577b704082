import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_VALIDATION_DELAY_MS } from '@questboard/shared/limits';
import { addGoogleAccount, linkFromMail } from './mail';

/** Browser contexts whose clock `signUpWithOrganisation` installed. */
const clocked = new WeakSet<BrowserContext>();

/**
 * /auth-validation holds the way on for AUTH_VALIDATION_DELAY_MS (1.5 s, the spec's) and a sign-up
 * passes it three times: after the link, after the organisation, after the profile. Nothing runs
 * meanwhile, so journeys that sign up on the way to what they test jump the browser's clock over the
 * wait (Playwright's clock, installed by `signUpWithOrganisation`; time otherwise flows as usual).
 * The page and its decision are the same; identity.spec.ts and the invitees here wait it out.
 * ADR 018, seventh revision.
 */
async function passAuthValidation(page: Page) {
  if (!clocked.has(page.context())) return;
  await expect(page).toHaveURL(/\/auth-validation$/);
  await expect(async () => {
    await page.clock.fastForward(AUTH_VALIDATION_DELAY_MS / 3);
    expect(new URL(page.url()).pathname).not.toBe('/auth-validation');
  }).toPass({ intervals: [50], timeout: 10_000 });
}

/** Signs `email` in by e-mail link in `page` (mail caught by the SMTP stand-in). */
export async function signInByEmail(page: Page, email: string, mailCount = 1) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.goto(await linkFromMail(email, mailCount, /https?:\/\/\S+\/auth\/callback\?\S+/));
  await expect(page.getByText('Successfully signed in with email link!')).toBeVisible();
}

/**
 * Signs `email` in through the Google stand-in (a new verified account there). Journeys that are not
 * about sign-in use it: every e-mail link the suite sends comes from 127.0.0.1, and the per-IP limit
 * of sign-in links (20 in 15 minutes) is shared by the whole run.
 */
export async function signInWithGoogle(page: Page, email: string, name: string) {
  await addGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: `${name} (${email})` }).click();
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
  await passAuthValidation(page);
  await expect(page).toHaveURL(/\/$/);
  // The end of the first-run setup: a first visit, so no "Welcome back" (issue 21).
  await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
}

/** The newest mail to `email` that links to an invitation. */
export async function invitationLink(email: string): Promise<string> {
  return linkFromMail(email, 1, /https?:\/\/\S+\/access\/[\w-]+/);
}

/**
 * A new person's first steps: signs `email` in (by e-mail link, or through the Google stand-in),
 * creates their organisation and completes their profile (Google's name completes it), ending on
 * the projects list.
 */
export async function signUpWithOrganisation(
  page: Page,
  {
    email,
    organisation,
    firstName,
    lastName,
    via = 'email',
    realClock = false,
  }: {
    email: string;
    organisation: string;
    firstName: string;
    lastName: string;
    via?: 'email' | 'google';
    /** Wait /auth-validation out: the page's clock stays the browser's own (timing measured in the page). */
    realClock?: boolean;
  },
) {
  if (!realClock && !clocked.has(page.context())) {
    await page.clock.install();
    clocked.add(page.context());
  }
  if (via === 'email') await signInByEmail(page, email);
  else await signInWithGoogle(page, email, `${firstName} ${lastName}`);
  await passAuthValidation(page);
  await expect(page).toHaveURL(/\/create-org$/, { timeout: 10_000 });
  await page.getByRole('textbox', { name: 'Organisation name' }).fill(organisation);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await passAuthValidation(page);
  if (via === 'email') {
    await completeProfile(page, firstName, lastName);
    return;
  }
  // Google gave the name, so the profile is already complete: straight to the projects list.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
}

/**
 * Creates project `name` from the projects list (its New project button) and answers the project's
 * identifier, once the project's overview is open.
 */
export async function createProject(page: Page, name: string, description = `${name} is a game for an end-to-end journey. `.repeat(4).trim()) {
  await page.getByRole('button', { name: 'New project' }).first().click();
  const form = page.getByRole('form', { name: 'New project' });
  await form.getByRole('textbox', { name: 'Project name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/[\w-]+\/overview$/);
  return /\/project\/([\w-]+)\/overview$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
}
