import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES_PER_HOUR, supportMessages } from '@questboard/shared/support';
import { productVersion, type App } from '../../app';
import { manualClock } from '../../lib/clock';
import { databaseTargets } from '../../../test/databases';
import { complete, linkBody, sendLink } from '../../../test/identity-helpers';
import { core, hostileText } from '../../../test/organisation-helpers';
import { createProject, projectNotFound } from '../../../test/project-helpers';
import { startSmtpCatcher, type CaughtMessage, type SmtpCatcher } from '../../../test/stand-ins/smtp-catcher';
import { createTestApp } from '../../../test/test-app';

// Issue 9, help-support: the contact form e-mails SUPPORT_EMAIL through the mail layer (here real
// SMTP to a local catcher), answered straight to the sender; the status says what is configured.

const supportAddress = 'support@studio.example';
const header = (message: CaughtMessage, name: string) => message.headers.find(([key]) => key === name)?.[1];

/** Signs `email` in through the link the catcher received, registers, names and (optionally) founds an organisation. */
async function signUp(app: App, catcher: SmtpCatcher, email: string, organisationName?: string) {
  expect((await sendLink(app, email)).statusCode).toBe(200);
  const mail = catcher.messages.filter((message) => message.to.includes(email)).at(-1);
  const href = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no sign-in mail for ${email}`);
  const signedIn = await complete(app, linkBody(new URL(href), email));
  const token = signedIn.json<{ idToken: string }>().idToken;
  expect((await core(app, token, 'POST', '/core/accounts/register')).statusCode).toBe(200);
  expect((await core(app, token, 'PUT', '/core/accounts/name', { firstName: 'Ada', lastName: 'Lovelace' })).statusCode).toBe(200);
  if (organisationName) expect((await core(app, token, 'POST', '/core/orgs', { name: organisationName })).statusCode).toBe(201);
  return token;
}

describe.each(databaseTargets)('support messages on $name', (target) => {
  let catcher: SmtpCatcher;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const clock = manualClock(new Date());
  let owner: string;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp(target, { clock, env: { SMTP_URL: catcher.url, SUPPORT_EMAIL: supportAddress } });
    owner = await signUp(t.app, catcher, 'ada@studio.example', 'Dragon Works');
  });
  afterAll(async () => {
    await t.close();
    await catcher.stop();
  });

  const toSupport = () => catcher.messages.filter((message) => message.to.includes(supportAddress));

  it('reports what is configured to signed-in people, never the address itself', async () => {
    const response = await core(t.app, owner, 'GET', '/core/system/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: productVersion,
      database: target.name === 'PostgreSQL' ? 'postgres' : 'pglite',
      eventStore: 'duckdb',
      mail: 'smtp',
      googleSignIn: false,
      supportEmail: true,
    });
    expect(response.body).not.toContain(supportAddress);
    expect((await core(t.app, null, 'GET', '/core/system/status')).statusCode).toBe(401);
  });

  it('delivers the message to SUPPORT_EMAIL with Reply-To the sender, the organisation, project, version and installation', async () => {
    const project = await createProject(t.app, owner, 'Space Miner');
    const response = await core(t.app, owner, 'POST', '/core/support', {
      subject: '  Events missing since Tuesday ',
      message: 'Our iOS build stopped sending.\nAndroid is fine. <b>not markup</b>',
      projectId: project.id,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });

    // The call answers once the SMTP server accepted the message: it is already here.
    const [mail] = toSupport();
    expect(toSupport()).toHaveLength(1);
    expect(mail!.to).toEqual([supportAddress]);
    expect(header(mail!, 'to')).toBe(supportAddress);
    expect(header(mail!, 'reply-to')).toBe('ada@studio.example');
    expect(mail!.subject).toBe('[Questboard support] Events missing since Tuesday');
    expect(mail!.text).toContain('Our iOS build stopped sending.\nAndroid is fine. <b>not markup</b>');
    expect(mail!.text).toContain('From: Ada Lovelace <ada@studio.example>');
    expect(mail!.text).toContain('Organisation: Dragon Works');
    expect(mail!.text).toContain('Project: Space Miner (space-miner)');
    expect(mail!.text).toContain(`Version: Questboard ${productVersion}`);
    const { instanceId } = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json<{ instanceId: string }>();
    expect(mail!.text).toContain(`Installation: ${instanceId}`);
    expect(mail!.html).toContain('&lt;b&gt;not markup&lt;/b&gt;');
  });

  it("refuses another organisation's project as not found, and sends nothing", async () => {
    const other = await signUp(t.app, catcher, 'grace@other.example', 'Other Studio');
    const theirs = await createProject(t.app, other, 'Secret Game');
    const before = toSupport().length;
    const response = await core(t.app, owner, 'POST', '/core/support', { subject: 'Hi', message: 'x', projectId: theirs.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(projectNotFound);
    expect(toSupport()).toHaveLength(before);
    expect(JSON.stringify(catcher.messages.slice(-1))).not.toContain('Secret Game');
  });

  it.each([
    ['no fields', {}, supportMessages.subjectRequired],
    ['no message', { subject: 'Hi' }, supportMessages.messageRequired],
    ['CR LF and a Bcc header in the subject', { subject: hostileText.newline, message: 'x' }, supportMessages.subjectOneLine],
    ['a bare CR in the subject', { subject: 'Hi\rBcc: evil@x.example', message: 'x' }, supportMessages.subjectOneLine],
    ['control characters in the subject', { subject: hostileText.control, message: 'x' }, supportMessages.subjectOneLine],
    ['a 121-character subject', { subject: 'x'.repeat(121), message: 'x' }, supportMessages.subjectTooLong],
    ['a 10 kB message', { subject: 'Hi', message: hostileText.tenKb }, supportMessages.messageTooLong],
    ['a 1 MB message', { subject: 'Hi', message: hostileText.oneMb.slice(0, 1_000_000 - 100) }, supportMessages.messageTooLong],
    ['a project identifier instead of its id', { subject: 'Hi', message: 'x', projectId: 'space-miner' }, supportMessages.projectId],
    ['a number as subject', { subject: 42, message: 'x' }, supportMessages.subjectRequired],
  ])('refuses %s with 400 and sends nothing', async (_case, payload, message) => {
    const before = catcher.messages.length;
    const response = await core(t.app, owner, 'POST', '/core/support', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(catcher.messages).toHaveLength(before);
  });

  it('needs a signed-in member of an organisation', async () => {
    expect((await core(t.app, null, 'POST', '/core/support', { subject: 'Hi', message: 'x' })).statusCode).toBe(401);
    const loner = await signUp(t.app, catcher, 'loner@studio.example');
    expect((await core(t.app, loner, 'POST', '/core/support', { subject: 'Hi', message: 'x' })).statusCode).toBe(403);
  });

  it(`allows ${SUPPORT_MESSAGES_PER_HOUR} messages an hour per person, then 429 with Retry-After`, async () => {
    const sender = await signUp(t.app, catcher, 'busy@studio.example', 'Busy Studio');
    const send = (token: string) => core(t.app, token, 'POST', '/core/support', { subject: 'Again', message: 'x' });
    for (let index = 0; index < SUPPORT_MESSAGES_PER_HOUR; index++) expect((await send(sender)).statusCode).toBe(202);
    const limited = await send(sender);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many support messages. Please wait and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Someone else is not held back by it.
    expect((await send(owner)).statusCode).toBe(202);
    // An hour later (a fresh sign-in: the old ID token has expired by then) it works again.
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await send(await signUp(t.app, catcher, 'busy@studio.example'))).statusCode).toBe(202);
  });
});

describe.each(databaseTargets)('support without SUPPORT_EMAIL on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let catcher: SmtpCatcher;
  let owner: string;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp(target, { env: { SMTP_URL: catcher.url } });
    owner = await signUp(t.app, catcher, 'ada@studio.example', 'Dragon Works');
  });
  afterAll(async () => {
    await t.close();
    await catcher.stop();
  });

  it('says no support address is configured, with a 409 and a stable code, and sends nothing', async () => {
    const before = catcher.messages.length;
    const response = await core(t.app, owner, 'POST', '/core/support', { subject: 'Hi', message: 'Anyone?' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'SUPPORT_NOT_CONFIGURED', message: 'No support address is configured for this installation.' });
    expect(catcher.messages).toHaveLength(before);
    expect((await core(t.app, owner, 'GET', '/core/system/status')).json()).toMatchObject({ mail: 'smtp', supportEmail: false });
  });
});
