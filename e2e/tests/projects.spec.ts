import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';

// Issue 6: create a project (refused first with the spec's messages), find it by search, open it,
// move through the twelve pages, rename it, delete it.
const pageTitles = [
  'Overview', 'Dashboard', 'Player Insights', 'Revenue Optimisation', 'Engagement & Retention', 'Analytics',
  'Events', 'Live Ops', 'Users', 'Settings', 'Billing', 'Developer', 'Help & Support',
];

test('a project from creation to deletion', async ({ page }) => {
  // Axe checks every page in both schemes on the way (issue 21).
  test.setTimeout(180_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('owner'), organisation: 'Dragon Works', firstName: 'Ada', lastName: 'Lovelace' });

  await page.getByRole('button', { name: 'New project' }).first().click();
  const form = page.getByRole('form', { name: 'New project' });
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByText('Project name is required')).toBeVisible();
  await expect(form.getByText('Project description is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Project name' }).fill('Space Miner');
  await form.getByRole('textbox', { name: 'Description' }).fill('Too short.');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByText('Project description must be at least 150 characters (currently 10)')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, 'the new project form with errors');
  const description = 'Space Miner is an idle mining game for phones. '.repeat(4).trim();
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/space-miner\/overview$/);

  // Found by search from the landing page, with the search in the address.
  await page.goto('/');
  await page.getByRole('searchbox').fill('idle mining');
  await expect(page).toHaveURL(/[?&]q=idle(\+|%20)mining/);
  await expect(page.getByRole('link', { name: /Space Miner/ }).first()).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, 'the projects list, searched');
  await page.getByRole('link', { name: /Space Miner/ }).first().click();
  await expect(page).toHaveURL(/\/project\/space-miner\/overview$/);

  // Every project page, through the project navigation.
  const nav = page.getByRole('navigation', { name: 'Project' });
  for (const title of pageTitles) {
    await nav.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolationsInBothSchemes(page, `${title} of a new project`);
  }

  // Rename, then delete after typing the name.
  await nav.getByRole('link', { name: 'Settings' }).click();
  const details = page.getByRole('form', { name: 'Project details' });
  await details.getByRole('textbox', { name: 'Project name' }).fill('Space Miner Deluxe');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Project updated')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/space-miner\/settings$/);
  const danger = page.getByRole('form', { name: 'Delete project' });
  await expect(danger.getByRole('button', { name: 'Delete project' })).toBeDisabled();
  await danger.getByRole('textbox').fill('Space Miner Deluxe');
  await danger.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('Project deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Gone: its address now answers with the not-found toast.
  await page.goto('/project/space-miner/overview');
  await expect(page.getByText('Project with identifier "space-miner" not found')).toBeVisible();
});
