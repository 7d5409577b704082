import { expect, test } from '@playwright/test';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { caughtMail, uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Issue 9, help-support: the page shows the installation's status, and a support message sent from
// it arrives at the local SMTP server (the e2e harness sets SUPPORT_EMAIL=support@questboard.test).

const supportAddress = 'support@questboard.test';

test('send a support message that arrives at a local smtp-server', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('support');
  await signUpWithOrganisation(page, { email, organisation: 'Comet Games', firstName: 'Grace', lastName: 'Hopper' });

  // `/` on the projects list focuses its search.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.getByRole('searchbox').press('Escape');
  await page.getByRole('searchbox').blur();

  await createProject(page, 'Comet Run', 'Comet Run is an endless runner through the asteroid belt. '.repeat(3).trim());
  await expect(page).toHaveURL(/\/project\/comet-run\/overview$/);

  // `?` on any project page opens the help page at its keyboard shortcuts.
  await page.getByRole('heading', { level: 1, name: 'Overview' }).click();
  await page.keyboard.press('?');
  await expect(page).toHaveURL(/\/project\/comet-run\/help-support#keyboard-shortcuts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  await expect(page.locator('#keyboard-shortcuts')).toBeFocused();

  // The system status of this very installation: real SMTP, the Google stand-in, SUPPORT_EMAIL.
  const status = page.getByRole('region', { name: 'System status' });
  await expect(status.getByRole('definition')).toHaveText([
    /^\d+\.\d+\.\d+/u,
    'PGlite (embedded)',
    'DuckDB (embedded)',
    'SMTP',
    'Configured',
    'Configured',
  ]);
  await expect(page.getByRole('region', { name: 'API reference' }).getByRole('link', { name: /Open the API reference/u })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  await expect(page.getByRole('region', { name: 'Metric definitions' })).toContainText('Stickiness = DAU / MAU.');
  // Screenshots from the top of a fresh load (no toast left over, no scrolled sticky header).
  await page.goto('/project/comet-run/help-support');
  await expect(status.getByText('Support address')).toBeVisible();
  await shoot(page, 'help-support-page');

  const contact = page.getByRole('form', { name: 'Contact support' });
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByText('Subject is required')).toBeVisible();
  await contact.getByRole('textbox', { name: 'Subject' }).fill('Events missing since Tuesday');
  await contact.getByRole('textbox', { name: 'Message' }).fill('Our iOS build stopped sending events.\nAndroid is fine.');
  await expect(contact.getByText('54 / 5000')).toBeVisible();
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent to support')).toBeVisible();
  await expect(contact.getByRole('textbox', { name: 'Subject' })).toHaveValue('');

  // It arrived at the SMTP server, addressed to SUPPORT_EMAIL, answered straight to the sender.
  await expect
    .poll(async () => (await caughtMail()).filter((mail) => mail.to.includes(supportAddress) && mail.replyTo === email).length, {
      timeout: 10_000,
    })
    .toBe(1);
  const mail = (await caughtMail()).find((candidate) => candidate.to.includes(supportAddress) && candidate.replyTo === email)!;
  expect(mail.to).toEqual([supportAddress]);
  expect(mail.subject).toBe('[Questboard support] Events missing since Tuesday');
  expect(mail.text).toContain('Our iOS build stopped sending events.\nAndroid is fine.');
  expect(mail.text).toContain('From: Grace Hopper <' + email + '>');
  expect(mail.text).toContain('Organisation: Comet Games');
  expect(mail.text).toContain('Project: Comet Run (comet-run)');
});
