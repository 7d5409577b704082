import { expect } from '@playwright/test';

// The SMTP catcher's mail, read through the e2e control API (e2e/support/stand-ins.ts).
const control = () => {
  const url = process.env.E2E_CONTROL_URL;
  if (!url) throw new Error('E2E_CONTROL_URL is not set: run the e2e tests through npm run test:e2e');
  return url;
};

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Reply-To header, when the mail has one. */
  replyTo: string | null;
}

/** Every mail the SMTP catcher received so far, oldest first. */
export async function caughtMail(): Promise<CaughtMail[]> {
  return (await (await fetch(`${control()}/mail`)).json()) as CaughtMail[];
}

/**
 * Waits until `count` mails to `address` carry a link matching `shape` (any link by default), and
 * answers the newest such link.
 */
export async function linkFromMail(address: string, count = 1, shape = /https?:\/\/\S+/): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${control()}/mail`)).json()) as CaughtMail[];
        const links = mails
          .filter((mail) => mail.to.includes(address))
          .map((mail) => mail.text.match(shape)?.[0])
          .filter((found): found is string => found !== undefined);
        link = links.at(-1) ?? '';
        return links.length;
      },
      // The catcher answers from memory on loopback: look every 100 ms, not at Playwright's default
      // 1 s steps, since every sign-in and invitation waits here (ADR 018).
      { timeout: 10_000, intervals: [100] },
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
