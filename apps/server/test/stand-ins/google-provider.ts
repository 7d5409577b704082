import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Adapter, AdapterPayload, ClientMetadata, Configuration, JWK } from 'oidc-provider';

/**
 * A real OpenID provider standing in for Google (docs/product/stack.md#stack: `oidc-provider` as a local stand-in),
 * on http://127.0.0.1:<port>. Authorization code flow only, PKCE required for every client, scopes
 * `openid email profile`, and an ID token that carries email, email_verified, name and picture the
 * way Google's does. Like Google with `prompt=select_account`, it never remembers a browser: every
 * authorization shows its account chooser, a tiny HTML page a real browser can click
 * ("Sign in to Google stand-in", one submit button per account, and Cancel). Choosing an account
 * also grants the requested scopes, so one click completes the flow.
 */

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** How the client authenticates at the token endpoint; openid-client sends client_secret_post. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

export interface StandInAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface GoogleStandIn {
  /** `http://127.0.0.1:<port>`: GOOGLE_ISSUER for the app under test. */
  issuer: string;
  /** Adds (or replaces, by `sub`) an account shown on the chooser. */
  addAccount(account: StandInAccount): void;
  /**
   * An authorization request of one's own making, e.g. for a client other than the app's: fills in
   * response_type=code, scope `openid email profile` and a PKCE S256 challenge unless given.
   */
  authorizationUrl(
    params: { client_id: string; redirect_uri: string; state?: string; nonce?: string } & Record<string, string>,
  ): string;
  /**
   * Follows an authorization URL headlessly (fetch, a cookie jar, manual redirects), choosing the
   * account `sub` on the chooser page, and stops at the redirect that leaves the provider: the
   * client's redirect URI with `code`, `state` and `iss`.
   */
  driveSignIn(authorizationUrl: string, sub: string): Promise<URL>;
  /** The same, pressing Cancel on the chooser: the redirect carries `error=access_denied`. */
  driveCancel(authorizationUrl: string): Promise<URL>;
  /**
   * Why the token endpoint refused each code it refused, oldest first: oidc-provider's detail, e.g.
   * `code_verifier does not match code_challenge`, `authorization code already consumed`,
   * `client mismatch` (the client itself is only told `invalid_grant`).
   */
  tokenErrors: string[];
  stop(): Promise<void>;
}

const scopes = ['openid', 'email', 'profile'];

// oidc-provider 9 announces on import that Node.js 20 is not a supported runtime; it works for
// this stand-in, so that one line is kept out of the test output (anything else still prints).
async function importProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/** Storage for the provider's artifacts (codes, sessions, grants…), with expiry and grant revocation. */
function memoryAdapterFactory() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry?.payload;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [storedKey, entry] of store) {
        if (storedKey.startsWith(`${model}:`) && entry.payload[field] === value) return live(storedKey);
      }
      return undefined;
    };
    return {
      upsert: async (id, payload, expiresIn) => {
        store.set(key(id), { payload, expiresAt: expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000 });
        if (payload.grantId) {
          const members = grants.get(payload.grantId) ?? new Set();
          members.add(key(id));
          grants.set(payload.grantId, members);
        }
      },
      find: async (id) => live(key(id)),
      findByUid: async (uid) => findBy('uid', uid),
      findByUserCode: async (userCode) => findBy('userCode', userCode),
      consume: async (id) => {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        store.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const member of grants.get(grantId) ?? []) store.delete(member);
        grants.delete(grantId);
      },
    };
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(response: http.ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

export async function startGoogleStandIn(options: { clients: StandInClient[] }): Promise<GoogleStandIn> {
  const { default: Provider, interactionPolicy } = await importProvider();
  const accounts = new Map<string, StandInAccount>();

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Google answers `prompt=select_account`, which oidc-provider knows only once it is a prompt of
  // the policy; the chooser page resolves it together with login.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK;
  const clients: ClientMetadata[] = options.clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
  }));

  const configuration: Configuration = {
    clients,
    adapter: memoryAdapterFactory(),
    jwks: { keys: [{ ...signingKey, kid: 'stand-in-1', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Google puts the profile claims in the ID token itself; so does the stand-in.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified,
          ...(account.name === undefined ? {} : { name: account.name }),
          ...(account.picture === undefined ? {} : { picture: account.picture }),
        }),
      };
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Google stand-in error',
        `<h1>Sign-in error</h1><p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  const tokenErrors: string[] = [];
  provider.on('grant.error', (_ctx, error) =>
    tokenErrors.push(error.error_detail ?? error.error_description ?? error.error),
  );
  const providerCallback = provider.callback();

  async function interaction(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    uid: string,
    action: string | undefined,
  ) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) {
      send(response, 400, page('Google stand-in error', '<h1>This sign-in is no longer valid.</h1>'));
      return;
    }
    const clientId = String(details.params.client_id);

    if (request.method === 'GET' && action === undefined) {
      if (details.prompt.name === 'consent') {
        // Grant what was asked for and carry on: consent needs no click of its own.
        const grant = new provider.Grant({ accountId: details.session?.accountId, clientId });
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      const buttons = [...accounts.values()]
        .map((account) => {
          const label = account.name ? `${account.name} (${account.email})` : account.email;
          return `<li><button type="submit" name="sub" value="${escapeHtml(account.sub)}">${escapeHtml(label)}</button></li>`;
        })
        .join('\n');
      send(
        response,
        200,
        page(
          'Sign in to Google stand-in',
          `<h1>Sign in to Google stand-in</h1>
<p>Choose an account to continue to <strong>${escapeHtml(clientId)}</strong>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" aria-label="Accounts">
${accounts.size ? `<ul>\n${buttons}\n</ul>` : '<p>No accounts.</p>'}
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`,
        ),
      );
      return;
    }
    if (request.method === 'POST' && action === 'login') {
      const sub = (await readForm(request)).get('sub') ?? '';
      if (!accounts.has(sub)) {
        send(response, 400, page('Google stand-in error', '<h1>Unknown account.</h1>'));
        return;
      }
      await provider.interactionFinished(
        request,
        response,
        { select_account: {}, login: { accountId: sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (request.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    send(response, 405, page('Google stand-in error', '<h1>Method not allowed.</h1>'));
  }

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (match) {
      interaction(request, response, match[1]!, match[2]).catch((error: unknown) => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        send(response, 400, page('Google stand-in error', `<h1>Sign-in error</h1><p>${escapeHtml(message)}</p>`));
      });
      return;
    }
    // A new authorization request starts without the provider's session cookies, so the chooser
    // always shows (and choosing another account never meets a "log out first" page).
    if (url.pathname === '/auth' && request.headers.cookie) {
      request.headers.cookie = request.headers.cookie
        .split(';')
        .filter((pair) => !/^\s*_session(\.|=)/.test(pair))
        .join(';');
    }
    void providerCallback(request, response);
  });

  const authorizationUrl: GoogleStandIn['authorizationUrl'] = (params) => {
    const url = new URL('/auth', issuer);
    const verifier = randomBytes(32).toString('base64url');
    const defaults: Record<string, string> = {
      response_type: 'code',
      scope: scopes.join(' '),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries({ ...defaults, ...params })) url.searchParams.set(name, value);
    return url.href;
  };

  return {
    issuer,
    addAccount: (account) => {
      accounts.set(account.sub, { ...account });
    },
    authorizationUrl,
    driveSignIn: (url, sub) => drive(issuer, url, { sub }),
    driveCancel: (url) => drive(issuer, url, { cancel: true }),
    tokenErrors,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

interface JarCookie {
  name: string;
  value: string;
  path: string;
}

/** Just enough of a browser's cookie jar for one host: names, paths and deletion. */
class CookieJar {
  private cookies: JarCookie[] = [];

  store(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: URL): string {
    return this.cookies
      .filter(
        (cookie) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

async function drive(
  issuer: string,
  authorizationUrl: string,
  choice: { sub: string } | { cancel: true },
): Promise<URL> {
  const origin = new URL(issuer).origin;
  const jar = new CookieJar();
  let next: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: new URL(authorizationUrl),
    method: 'GET',
  };
  for (let hop = 0; hop < 20; hop++) {
    if (next.url.origin !== origin) return next.url;
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(next.url),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body.toString() } : {}),
    });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url), method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !html.includes('<h1>Sign in to Google stand-in</h1>')) {
      throw new Error(
        `The Google stand-in answered ${response.status} at ${next.url.pathname}: ${html
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()}`,
      );
    }
    // The chooser page: submit the form the way a browser would.
    if ('cancel' in choice) {
      const action = /<form method="post" action="([^"]+\/abort)"/.exec(html)?.[1];
      if (!action) throw new Error('The chooser page has no Cancel form.');
      next = { url: new URL(action, next.url), method: 'POST', body: new URLSearchParams() };
    } else {
      const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
      if (!action) throw new Error('The chooser page has no account form.');
      if (!html.includes(`name="sub" value="${escapeHtml(choice.sub)}"`))
        throw new Error(`The chooser page offers no account ${choice.sub}.`);
      next = { url: new URL(action, next.url), method: 'POST', body: new URLSearchParams({ sub: choice.sub }) };
    }
  }
  throw new Error('The Google stand-in redirected too many times.');
}
