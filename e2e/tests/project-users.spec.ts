import { expect, test } from '@playwright/test';
import { completeProfile, createProject, invitationLink, personIn, signInByEmail, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Issue 9: the project's users page. An owner invites a teammate from it, changes their role (the
// teammate sees it after a reload) and removes them; the removed teammate, still signed in, is
// refused on their next action and sent to create an organisation on reload (docs/product/rules-and-messages.md#routing-rules).

test('an owner invites, changes the role of and removes a teammate from the project users page', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('ada'), organisation: 'Moonlight Games', firstName: 'Ada', lastName: 'Lovelace' });
  await createProject(page, 'Moon Miner', 'Moon Miner is a game for the users page journey. '.repeat(4).trim());

  // The users page, through the project navigation.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/project\/moon-miner\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('Everyone in Moonlight Games can open this project.')).toBeVisible();

  // Invited from here, with the same invitation as from /organisation.
  const grace = uniqueEmail('grace');
  const form = page.getByRole('form', { name: 'Invite a teammate' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(grace);
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Member' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${grace}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(grace)).toBeVisible();

  const second = await personIn(browser);
  const teammate = second.page;
  await teammate.goto(await invitationLink(grace));
  await teammate.getByRole('link', { name: 'Sign in to continue' }).click();
  await signInByEmail(teammate, grace);
  await teammate.getByRole('button', { name: 'Accept' }).click();
  await expect(teammate.getByText('You joined Moonlight Games')).toBeVisible();
  await completeProfile(teammate, 'Grace', 'Hopper');

  // As a member: the list, read-only, and who may invite.
  await teammate.goto('/project/moon-miner/users');
  await expect(teammate.getByRole('list', { name: 'Members' }).getByText('Ada Lovelace')).toBeVisible();
  await expect(teammate.getByText('Only owners and admins can invite people to Moonlight Games.', { exact: false })).toBeVisible();
  await expect(teammate.getByRole('list', { name: 'Members' }).getByRole('combobox')).toHaveCount(0);
  await expect(teammate.getByRole('form', { name: 'Invite a teammate' })).toHaveCount(0);
  await shoot(teammate, 'project-users-member');

  // The owner makes her an admin; after a reload her page offers an admin's controls.
  await page.reload();
  const graceRole = page.getByRole('combobox', { name: 'Role of Grace Hopper' });
  await expect(graceRole).toHaveValue('member');
  await shoot(page, 'project-users-owner');
  await graceRole.selectOption({ label: 'Admin' });
  await expect(page.getByText('Grace Hopper is now an Admin')).toBeVisible();
  await expect(graceRole).toHaveValue('admin');

  await teammate.reload();
  await expect(teammate.getByRole('form', { name: 'Invite a teammate' })).toBeVisible();
  const ownerRow = teammate.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  await expect(ownerRow.getByText('Only an owner can change or remove an owner.')).toBeAttached();
  await expect(teammate.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveCount(0);
  await expect(teammate.getByRole('button', { name: `Revoke the invitation to ${grace}` })).toHaveCount(0);

  // The owner removes her.
  await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Grace Hopper?' });
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('Grace Hopper was removed from Moonlight Games')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' }).getByText('Grace Hopper')).toHaveCount(0);

  // Still signed in, her next action is refused by the server (the membership is read on every call)...
  const invite = teammate.getByRole('form', { name: 'Invite a teammate' });
  await invite.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('someone'));
  const refused = teammate.waitForResponse((response) => response.url().endsWith('/core/orgs/invitations') && response.request().method() === 'POST');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  expect((await refused).status()).toBe(403);
  await expect(invite.getByRole('alert')).toHaveText('Create or join an organisation first.');

  // ...and a reload finds no organisation: the set-up flow sends her to create one (docs/product/rules-and-messages.md#routing-rules).
  await teammate.reload();
  await expect(teammate).toHaveURL(/\/create-org$/, { timeout: 10_000 });
  await expect(teammate.getByRole('heading', { name: 'Create your organisation' })).toBeVisible();
  await teammate.goto('/project/moon-miner/users');
  await expect(teammate).toHaveURL(/\/create-org$/, { timeout: 10_000 });
  await second.context.close();
});
