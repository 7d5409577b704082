import { expect } from '@playwright/test';

// The SMTP catcher's mail, read through the e2e control API (e2e/support/stand-ins.ts).
const control = () => {
  const url = process.env.E2E_CONTROL_URL;
  if (!url) throw new Error('E2E_CONTROL_URL is not set: run the e2e tests through npm run test:e2e');
  return url;
};

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest mail to `address` whose text matches, and answers its first link. */
export async function linkFromMail(address: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${control()}/mail`)).json()) as CaughtMail[];
        const mine = mails.filter((mail) => mail.to.includes(address));
        link = mine.at(-1)?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return mine.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return link;
}

export async function addGoogleAccount(account: { sub: string; email: string; email_verified: boolean; name?: string }) {
  const response = await fetch(`${control()}/google/accounts`, { method: 'POST', body: JSON.stringify(account) });
  expect(response.status).toBe(201);
}

/** A fresh address per test run, so tests never share an account. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@studio.example`;
}
