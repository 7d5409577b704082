import { expect, test, type Page } from '@playwright/test';
import { completeProfile, invitationLink, personIn, signInByEmail } from '../support/journeys';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { uniqueEmail } from '../support/mail';

// Issue 5: a new user sets up an organisation; invitees accept, decline, or create their own.
test.describe.configure({ mode: 'serial' });

async function inviteFrom(owner: Page, email: string, role: 'Admin' | 'Member') {
  await owner.goto('/organisation');
  const form = owner.getByRole('form', { name: 'Invite a teammate' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

test('a new user creates an organisation, completes the profile, and invitees accept, decline or create their own', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ada = uniqueEmail('ada');
  await signInByEmail(page, ada);

  // Through /auth-validation to the organisation form, which refuses with the spec's messages.
  await expect(page).toHaveURL(/\/create-org$/, { timeout: 10_000 });
  const name = page.getByRole('textbox', { name: 'Organisation name' });
  const create = page.getByRole('button', { name: 'Create organisation' });
  await create.click();
  await expect(page.getByText('Organisation name is required')).toBeVisible();
  await name.fill('P');
  await create.click();
  await expect(page.getByText('Organisation name must be at least 2 characters')).toBeVisible();
  await name.fill('Pixel <Forge>');
  await create.click();
  await expect(page.getByText('Organisation name contains invalid characters')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, '/create-org with an error');
  await name.fill('Pixel Forge Studio');
  await create.click();
  await expect(page.getByText('Organisation created successfully! Please complete your profile.')).toBeVisible();

  // The profile form refuses too, then lands on / greeted by first name.
  await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Both first name and last name are required').first()).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, '/complete-profile with an error');
  await completeProfile(page, 'Ada', 'Lovelace');
  await expectNoAxeViolationsInBothSchemes(page, 'the projects list, empty');
  await page.goto('/organisation');
  await expectNoAxeViolationsInBothSchemes(page, '/organisation');

  // A second address is invited as an admin, signs in through the invitation link and accepts.
  const grace = uniqueEmail('grace');
  await inviteFrom(page, grace, 'Admin');
  const second = await personIn(browser);
  await second.page.goto(await invitationLink(grace));
  await expect(second.page.getByRole('heading', { name: "You've been invited" })).toBeVisible();
  await expect(second.page.getByText('Pixel Forge Studio').first()).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(second.page, 'the invitation, signed out');
  await second.page.getByRole('link', { name: 'Sign in to continue' }).click();
  // /login starts with the invited address (issue 21).
  await expect(second.page.getByRole('textbox', { name: 'Email address' })).toHaveValue(grace);
  await signInByEmail(second.page, grace);
  await expectNoAxeViolationsInBothSchemes(second.page, 'the invitation, signed in');
  await second.page.getByRole('button', { name: 'Accept' }).click();
  await expect(second.page.getByText('You joined Pixel Forge Studio')).toBeVisible();
  await completeProfile(second.page, 'Grace', 'Hopper');
  await expect(second.page.getByText('Welcome, Grace · Pixel Forge Studio')).toBeVisible();
  await second.context.close();

  await page.goto('/organisation');
  await expect(page.getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('admin');
  // Coming back to the landing page later is no first visit.
  await page.goto('/');
  await expect(page.getByText('Welcome back, Ada · Pixel Forge Studio')).toBeVisible();
  await page.goto('/organisation');

  // A third declines.
  const linus = uniqueEmail('linus');
  await inviteFrom(page, linus, 'Member');
  const third = await personIn(browser);
  await signInByEmail(third.page, linus);
  await third.page.goto(await invitationLink(linus));
  await third.page.getByRole('button', { name: 'Decline' }).click();
  await third.page.getByRole('dialog').getByRole('button', { name: 'Decline invitation' }).click();
  await expect(third.page).toHaveURL(/\/(create-org|auth-validation)$/);
  await expect(third.page).toHaveURL(/\/create-org$/, { timeout: 10_000 });
  await third.context.close();

  // A fourth chooses to create its own organisation.
  const nova = uniqueEmail('nova');
  await inviteFrom(page, nova, 'Member');
  const fourth = await personIn(browser);
  await signInByEmail(fourth.page, nova);
  await fourth.page.goto(await invitationLink(nova));
  await fourth.page.getByRole('button', { name: 'Create my own organisation' }).click();
  await expect(fourth.page).toHaveURL(/\/create-org$/);
  await fourth.page.getByRole('textbox', { name: 'Organisation name' }).fill('Nova Games');
  await fourth.page.getByRole('button', { name: 'Create organisation' }).click();
  await completeProfile(fourth.page, 'Nova', 'Stellar');
  await expect(fourth.page.getByText('Welcome, Nova · Nova Games')).toBeVisible();
  await fourth.context.close();

  // The owner sees one member besides themselves, and the answered invitations are gone.
  await page.goto('/organisation');
  await expect(page.getByText(grace)).toBeVisible();
  await expect(page.getByText(linus)).toHaveCount(0);
  await expect(page.getByText(nova)).toHaveCount(0);
});
