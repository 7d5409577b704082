import { expect, test } from '@playwright/test';
import { completeProfile, createProject, invitationLink, personIn, signInByEmail, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Issue 21: revoking keys and deleting analytics data, demo data included, are for owners and
// admins. A member sees who can, instead of the buttons; the server refuses them too.

test("a member sees who revokes keys, removes demo data and manages the project's data", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('ada'), organisation: 'Harbour Games', firstName: 'Ada', lastName: 'Lovelace' });
  await createProject(page, 'Tide Runner', 'Tide Runner is a game for the member data journey. '.repeat(4).trim());

  const bob = uniqueEmail('bob');
  await page.goto('/organisation');
  const form = page.getByRole('form', { name: 'Invite a teammate' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(bob);
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Member' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${bob}`)).toBeVisible();

  const member = (await personIn(browser)).page;
  await member.goto(await invitationLink(bob));
  await member.getByRole('link', { name: 'Sign in to continue' }).click();
  await signInByEmail(member, bob);
  await member.getByRole('button', { name: 'Accept' }).click();
  await expect(member.getByText('You joined Harbour Games')).toBeVisible();
  await completeProfile(member, 'Bob', 'Builder');

  // Settings: the data section says who manages it.
  await member.goto('/project/tide-runner/settings');
  const data = member.getByRole('region', { name: 'Analytics data' });
  await expect(data).toContainText("Owners and admins set the data retention and can delete this project's analytics data, demo data included.");
  await expect(member.getByRole('button', { name: 'Delete analytics data' })).toHaveCount(0);
  await shoot(member, 'project-settings-member');

  // Developer page: keys without revoking; a member may load demo data but not stop and remove it.
  await member.goto('/project/tide-runner/developer');
  await expect(member.getByRole('region', { name: 'Ingestion keys' })).toContainText('Owners and admins can revoke keys.');
  const demo = member.getByRole('region', { name: 'Demo data' });
  await demo.getByRole('button', { name: 'Load demo data' }).click();
  await expect(demo.getByRole('progressbar', { name: 'Loading demo data…' })).toBeVisible();
  await expect(demo).toContainText('Owners and admins can remove demo data.');
  await expect(demo.getByRole('button', { name: 'Stop and remove' })).toHaveCount(0);
  await shoot(member, 'developer-demo-loading-member');

  // The owner stops it, and it is gone for both.
  await page.goto('/project/tide-runner/developer');
  const ownersDemo = page.getByRole('region', { name: 'Demo data' });
  await ownersDemo.getByRole('button', { name: 'Stop and remove' }).click();
  await page.getByRole('dialog', { name: 'Stop loading and remove the demo data?' }).getByRole('button', { name: 'Remove demo data' }).click();
  await expect(page.getByText(/^Demo data removed/)).toBeVisible({ timeout: 120_000 });
  await expect(demo.getByRole('button', { name: 'Load demo data' })).toBeVisible({ timeout: 30_000 });
});
