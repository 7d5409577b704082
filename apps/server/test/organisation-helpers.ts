import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { mailbox, signInByLink } from './identity-helpers';

/** Helpers that walk accounts, organisations and invitations the way the web app does, through HTTP only. */

export interface SignedUpUser {
  email: string;
  userId: string;
  token: string;
  refreshToken: string;
}

type Method = NonNullable<InjectOptions['method']>;

/** One /core call with the user's Bearer token (or none for `null`). */
export async function core(
  app: App,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** Signs in by e-mail link and registers the account, optionally with a name. */
export async function signUp(
  app: App,
  email: string,
  name?: { firstName: string; lastName: string },
): Promise<SignedUpUser> {
  const { session, refreshToken } = await signInByLink(app, email);
  const registered = await core(app, session.idToken, 'POST', '/core/accounts/register');
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  if (name) {
    const named = await core(app, session.idToken, 'PUT', '/core/accounts/name', name);
    if (named.statusCode !== 200) throw new Error(`name failed: ${named.body}`);
  }
  return { email, userId: session.user.uid, token: session.idToken, refreshToken };
}

/** A signed-up user who created `organisationName` and owns it. */
export async function signUpOwner(
  app: App,
  email: string,
  organisationName: string,
  name?: { firstName: string; lastName: string },
) {
  const user = await signUp(app, email, name);
  const created = await core(app, user.token, 'POST', '/core/orgs', { name: organisationName });
  if (created.statusCode !== 201) throw new Error(`create organisation failed: ${created.body}`);
  return { ...user, organisationId: created.json<{ id: string }>().id };
}

/** The code in the newest invitation mail to `email`. */
export async function invitationCode(app: App, email: string): Promise<string> {
  const mail = (await mailbox(app)).find((message) => message.to === email && message.subject.includes('invited you'));
  const code = mail?.text.match(/\/access\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error(`no invitation mail for ${email}`);
  return code;
}

/** Invites `email` and answers the invitation's id and code. */
export async function invite(app: App, inviterToken: string, email: string, role = 'member') {
  const response = await core(app, inviterToken, 'POST', '/core/orgs/invitations', { email, role });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ id: string }>().id, code: await invitationCode(app, email) };
}

/** A signed-up member of the inviter's organisation, with the given role. */
export async function addMember(
  app: App,
  inviterToken: string,
  email: string,
  role = 'member',
  name?: { firstName: string; lastName: string },
) {
  const { id } = await invite(app, inviterToken, email, role);
  const user = await signUp(app, email, name);
  const accepted = await core(app, user.token, 'POST', `/core/invitations/${id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return user;
}

/** Pixel Forge with one user of each role: ada the owner, grace an admin, bob a member. */
export async function organisationWithEveryRole(app: App) {
  const owner = await signUpOwner(app, 'ada@pixel.example', 'Pixel Forge');
  const admin = await addMember(app, owner.token, 'grace@pixel.example', 'admin');
  const member = await addMember(app, owner.token, 'bob@pixel.example', 'member');
  return { tokens: { owner: owner.token, admin: admin.token, member: member.token } };
}

/** What every write endpoint must refuse without a 500 (docs/product/security-cases.md case 25). */
export const hostileText = {
  tenKb: 'a'.repeat(10_000),
  oneMb: 'a'.repeat(1_000_000),
  control: 'Ada\u0000\u0007',
  newline: 'Ada\r\nBcc: evil@x.example',
  rightToLeftOverride: 'Ada\u202Eevil',
  emoji: 'Ada 🎮',
};
