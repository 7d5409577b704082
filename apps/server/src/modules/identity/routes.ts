import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import {
  completeSignInLinkBodySchema,
  completeSignInLinkResponseSchema,
  googleAuthorizeBodySchema,
  googleAuthorizeResponseSchema,
  identityConfigSchema,
  identityUserSchema,
  sendSignInLinkBodySchema,
  sendSignInLinkResponseSchema,
  sessionSchema,
} from '@questboard/shared/identity';
import type { GoogleErrorCode } from '@questboard/shared/auth-messages';
import { apiPaths, googlePathPrefix, identityPathPrefix } from '@questboard/shared/api-paths';
import type { Config } from '../../config';
import { HttpError } from '../../http-error';
import type { IdentityService } from './identity-service';
import type { RefreshSession } from './refresh-tokens';
import { identityOf } from '../../plugins/authenticate';

export const refreshCookie = 'qb_refresh';
/**
 * Readable by the page, holds no secret: "a session may exist". Without it the web app knows it is
 * signed out without asking (no request, no 401 on every signed-out visit).
 */
export const sessionHintCookie = 'qb_session';
const googleBindingCookie = 'qb_google';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

const googleErrorFor: Record<string, GoogleErrorCode> = {
  GOOGLE_NOT_CONFIGURED: 'google_not_configured',
  GOOGLE_EMAIL_UNVERIFIED: 'google_unverified_email',
  ACCOUNT_NOT_LINKABLE: 'google_not_linkable',
};

export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  config: Config;
  publicId: string;
  /** The dev mailbox page while no mail is delivered. */
  devMailbox?: string | undefined;
}> = async (app, { identity, config, publicId, devMailbox }) => {
  const appOrigin = new URL(config.appUrl).origin;
  const secure = config.appUrl.startsWith('https://');

  const setRefreshCookie = (reply: FastifyReply, refresh: RefreshSession) =>
    reply
      .setCookie(refreshCookie, refresh.token, { path: identityPathPrefix, httpOnly: true, sameSite: 'strict', secure, expires: refresh.familyExpiresAt })
      .setCookie(sessionHintCookie, '1', { path: '/', httpOnly: false, sameSite: 'strict', secure, expires: refresh.familyExpiresAt });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply
      .clearCookie(refreshCookie, { path: identityPathPrefix, httpOnly: true, sameSite: 'strict', secure })
      .clearCookie(sessionHintCookie, { path: '/', sameSite: 'strict', secure });

  // The refresh cookie is SameSite=Strict; on top, a browser request from another origin is refused
  // outright (docs/product/security-cases.md case 19).
  const assertSameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin !== undefined && origin !== appOrigin) || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
      throw new HttpError(403, 'CROSS_ORIGIN', 'This request must come from the app itself.');
    }
  };

  app.get(
    apiPaths.identity.config.pattern,
    { schema: { tags: ['identity'], summary: 'Public sign-in settings of this installation', response: { 200: identityConfigSchema } } },
    async () => ({
      apiKey: publicId,
      googleEnabled: identity.googleEnabled,
      emailLinkSettings: {
        url: `${config.appUrl}/auth/callback`,
        handleCodeInApp: true as const,
        ...(config.mobile.iosBundleId ? { iOS: { bundleId: config.mobile.iosBundleId } } : {}),
        ...(config.mobile.androidPackageName
          ? { android: { packageName: config.mobile.androidPackageName, installApp: true, minimumVersion: config.mobile.androidMinVersion } }
          : {}),
      },
    }),
  );

  app.post(
    apiPaths.identity.sendEmailLink.pattern,
    {
      schema: {
        tags: ['identity'],
        summary: 'E-mail a sign-in link (same answer whether or not the address has an account)',
        body: sendSignInLinkBodySchema,
        response: { 200: sendSignInLinkResponseSchema, 502: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await identity.sendSignInLink(request.body.email, request.body.redirectTo, request.ip);
      return { sent: true as const, ...(devMailbox ? { devMailbox } : {}) };
    },
  );

  app.post(
    apiPaths.identity.completeEmailLink.pattern,
    {
      schema: {
        tags: ['identity'],
        summary: 'Complete an e-mail link sign-in; sets the refresh cookie',
        body: completeSignInLinkBodySchema,
        response: { 200: completeSignInLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await identity.completeSignInLink(request.body, request.ip);
      setRefreshCookie(reply, result.refresh);
      return { ...result.session, redirectTo: result.redirectTo };
    },
  );

  app.post(
    apiPaths.identity.token.pattern,
    {
      schema: {
        tags: ['identity'],
        summary: 'A fresh ID token from the refresh cookie (which is rotated)',
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const token = request.cookies[refreshCookie];
      const result = token ? await identity.refresh(token) : null;
      if (!result) {
        clearRefreshCookie(reply);
        throw new HttpError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
      }
      setRefreshCookie(reply, result.refresh);
      return result.session;
    },
  );

  app.post(
    apiPaths.identity.signOut.pattern,
    { schema: { tags: ['identity'], summary: 'Sign out: the refresh token family is revoked', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      assertSameOrigin(request);
      const token = request.cookies[refreshCookie];
      if (token) await identity.signOut(token);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiPaths.identity.jwks.pattern,
    {
      schema: {
        tags: ['identity'],
        summary: 'Public keys that verify ID tokens (JWKS)',
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return identity.jwks;
    },
  );

  app.get(
    apiPaths.identity.user.pattern,
    {
      preHandler: app.requireIdentity,
      schema: { tags: ['identity'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: identityUserSchema, ...errors } },
    },
    async (request) => identityOf(request).user,
  );

  app.post(
    apiPaths.identity.googleAuthorize.pattern,
    {
      schema: {
        tags: ['identity'],
        summary: 'Start Google sign-in: the URL to send the browser to',
        body: googleAuthorizeBodySchema,
        response: { 200: googleAuthorizeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { authorizationUrl, browserBinding } = await identity.startGoogle(request.body.redirectTo, request.ip);
      reply.setCookie(googleBindingCookie, browserBinding, { path: googlePathPrefix, httpOnly: true, sameSite: 'lax', secure, maxAge: 600 });
      return { authorizationUrl };
    },
  );

  app.get(apiPaths.identity.googleCallback.pattern, { schema: { tags: ['identity'], summary: 'Google redirects here after sign-in', hide: false } }, async (request, reply) => {
    const callbackUrl = new URL(request.url, config.appUrl);
    reply.clearCookie(googleBindingCookie, { path: googlePathPrefix });
    const fail = (code: GoogleErrorCode) => reply.redirect(`/login?error=${code}`, 303);
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) return fail(providerError === 'access_denied' ? 'google_cancelled' : 'google_failed');
    try {
      const result = await identity.finishGoogle(callbackUrl, request.cookies[googleBindingCookie]);
      setRefreshCookie(reply, result.refresh);
      return await reply.redirect(result.redirectTo ?? '/', 303);
    } catch (error) {
      const code = error instanceof HttpError ? googleErrorFor[error.code] : undefined;
      request.log.warn({ err: error }, 'Google sign-in failed');
      return fail(code ?? 'google_failed');
    }
  });
};
