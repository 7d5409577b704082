import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';

/** Helpers that walk the identity service the way the web app does, through HTTP only. */

export async function sendLink(app: App, email: string, extra: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/auth/v1/email-link/send', payload: { email, ...extra }, remoteAddress });
}

export async function mailbox(app: App) {
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
  return response.json<{ messages: { to: string; subject: string; text: string; html: string }[] }>().messages;
}

/** The link of the newest mail to `email`, as a URL. */
export async function latestLink(app: App, email: string): Promise<URL> {
  const mail = (await mailbox(app)).find((message) => message.to === email);
  const href = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no sign-in mail for ${email}`);
  return new URL(href);
}

export function linkBody(link: URL, email: string) {
  return {
    email,
    oobCode: link.searchParams.get('oobCode') ?? '',
    apiKey: link.searchParams.get('apiKey') ?? '',
    mode: link.searchParams.get('mode') ?? '',
  };
}

export async function complete(app: App, body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/auth/v1/email-link/complete', payload: body, remoteAddress });
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'qb_refresh');
  return cookie?.value === '' ? undefined : cookie?.value;
}

/** Signs `email` in through a fresh link; returns the session answer and the refresh token. */
export async function signInByLink(app: App, email: string) {
  const sent = await sendLink(app, email);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const response = await complete(app, linkBody(await latestLink(app, email), email));
  if (response.statusCode !== 200) throw new Error(`complete failed: ${response.body}`);
  return { session: response.json<{ idToken: string; user: { uid: string } }>(), refreshToken: refreshCookieOf(response)! };
}

export async function refresh(app: App, token: string | undefined, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/auth/v1/token', cookies: token ? { qb_refresh: token } : {}, headers });
}
