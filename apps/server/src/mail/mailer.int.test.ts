import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { startSmtpCatcher, type CaughtMessage, type SmtpCatcher } from '../../test/stand-ins/smtp-catcher';
import { createTestApp } from '../../test/test-app';

const appUrl = 'http://localhost:3999';
const linkPattern = /http:\/\/localhost:3999\/auth\/callback\?apiKey=([\w-]+)&oobCode=([\w-]+)&mode=signIn&lang=en/;
const decodeEntities = (html: string) => html.replace(/&amp;/g, '&');

// docs/product/http-contract.md#configuration: with SMTP_URL the sign-in e-mail goes out over real SMTP (here a local catcher);
// without it, the dev mailbox keeps it and shows it at /dev/mailbox to loopback only.

describe.each(databaseTargets)('sign-in e-mail over SMTP on $name', (target) => {
  let catcher: SmtpCatcher;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp(target, {
      env: { APP_URL: appUrl, SMTP_URL: catcher.url, MAIL_FROM: 'Questboard <sign-in@questboard.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await catcher.stop();
  });

  const sent = (to: string) => catcher.messages.filter((message) => message.to.includes(to));

  it('delivers exactly one message from MAIL_FROM to the normalised address, with the link in text and HTML', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email-link/send',
      payload: { email: '  Player.One@Example.COM ' },
    });
    expect(response.statusCode).toBe(200);
    // Delivered for real: no dev mailbox to point at.
    expect(response.json()).toEqual({ sent: true });

    // The endpoint answers after the SMTP server accepted the message: it is already here.
    const messages = sent('player.one@example.com');
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.to).toEqual(['player.one@example.com']);
    expect(message.envelopeFrom).toBe('sign-in@questboard.test');
    expect(message.from).toBe('Questboard <sign-in@questboard.test>');
    expect(message.headers).toContainEqual(['to', 'player.one@example.com']);
    expect(message.subject).toBe('Sign in to Questboard');

    const { apiKey } = (await t.app.inject({ method: 'GET', url: '/auth/v1/config' })).json<{ apiKey: string }>();
    const textLink = linkPattern.exec(message.text);
    expect(textLink, message.text).not.toBeNull();
    expect(textLink![1]).toBe(apiKey);
    expect(textLink![2]).toMatch(/^[\w-]{43}$/);
    expect(message.text).toContain('expires in 1 hour');

    const html = decodeEntities(message.html);
    expect(html).toContain(`href="${textLink![0]}"`);
    expect(message.html).toContain('expires in 1 hour');
    expect(message.html).toContain('&amp;oobCode=');

    // The mailed link is a working one.
    const completed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email-link/complete',
      payload: { email: 'player.one@example.com', apiKey, oobCode: textLink![2], mode: 'signIn' },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json<{ user: { email: string } }>().user.email).toBe('player.one@example.com');
  });

  it('does not serve the dev mailbox when SMTP_URL is set', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('rejects header injection in the address before any mail is sent (docs/product/security-cases.md case 6)', async () => {
    const before = catcher.messages.length;
    for (const email of [
      'victim@x.com\r\nBcc: evil@x.com',
      'victim@x.com\nBcc: evil@x.com',
      'victim@x.com\r\n\r\nInjected body',
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/email-link/send', payload: { email } });
      expect(response.statusCode, JSON.stringify(email)).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_EMAIL', message: 'Please enter a valid email address.' });
    }
    const toVictimOrEvil = (message: CaughtMessage) =>
      message.to.some((address) => /victim@x\.com|evil@x\.com/.test(address));
    await expect(catcher.waitForMessage(toVictimOrEvil, 300)).rejects.toThrow(/No matching message/);
    expect(catcher.messages).toHaveLength(before);
  });

  it('answers 502 with a clear message when the SMTP server refuses the mail', async () => {
    catcher.refuseRecipients((address) => address === 'bounced@example.com');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/email-link/send',
        payload: { email: 'bounced@example.com' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        code: 'MAIL_FAILED',
        message: 'The sign-in e-mail could not be sent. Please try again.',
      });
    } finally {
      catcher.refuseRecipients(null);
    }
    expect(sent('bounced@example.com')).toHaveLength(0);
  });
});

describe.each(databaseTargets)('dev mailbox (no SMTP_URL) on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(target, { env: { APP_URL: appUrl } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email-link/send',
      payload: { email: 'Dev.Player@Example.com' },
    });
    expect(response.statusCode).toBe(200);
    // /login says where the link went (issue 21, first run).
    expect(response.json()).toEqual({ sent: true, devMailbox: '/dev/mailbox' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the mail as JSON to loopback, with the link and the default sender', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { messages } = response.json<{
      messages: { from: string; to: string; subject: string; text: string; html: string }[];
    }>();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({
      from: 'Questboard <no-reply@localhost>',
      to: 'dev.player@example.com',
      subject: 'Sign in to Questboard',
    });
    expect(message!.text).toMatch(linkPattern);
    expect(message!.text).toContain('expires in 1 hour');
    expect(decodeEntities(message!.html)).toContain(linkPattern.exec(message!.text)![0]);
  });

  it('shows the mail on an HTML page to loopback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Dev mailbox</h1>');
    expect(response.body).toContain('Sign in to Questboard');
    expect(response.body).toContain('dev.player@example.com');
    expect(decodeEntities(response.body)).toMatch(new RegExp(`<a href="${linkPattern.source}">`));
  });

  it('answers IPv6 and IPv4-mapped loopback too', async () => {
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('refuses a non-loopback client with the ordinary 404, whatever it claims in headers', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1', host: 'localhost' }]) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.5', headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: `No endpoint answers GET ${url}.` });
        expect(response.body).not.toContain('dev.player@example.com');
      }
    }
    const mapped = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages',
      remoteAddress: '::ffff:203.0.113.5',
    });
    expect(mapped.statusCode).toBe(404);
  });
});
