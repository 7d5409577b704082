import { z } from 'zod';

// The identity service's requests and answers (/auth/v1), shared by the server routes and the
// web app's AuthClient.

export const identityUserSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'IdentityUser' });
export type IdentityUser = z.infer<typeof identityUserSchema>;

export const sessionSchema = z
  .object({
    idToken: z.string().describe('ES256 ID token (JWT), 15 minutes'),
    expiresIn: z.number().int().describe('Seconds until the ID token expires'),
    user: identityUserSchema,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const sendSignInLinkBodySchema = z.object({
  email: z.string().max(320),
  redirectTo: z.string().max(2000).optional().describe('A path on this site to open after signing in'),
});

export const sendSignInLinkResponseSchema = z.object({
  sent: z.literal(true),
  // The same for every address (docs/product/security-cases.md case 12): it depends only on the server's mail setup.
  devMailbox: z.string().optional().describe('Set when no mail is delivered: the dev mailbox page that holds the link'),
});
export type SendSignInLinkAnswer = z.infer<typeof sendSignInLinkResponseSchema>;

export const completeSignInLinkBodySchema = z.object({
  email: z.string().max(320),
  oobCode: z.string().max(200),
  apiKey: z.string().max(200),
  mode: z.string().max(40),
});

export const completeSignInLinkResponseSchema = sessionSchema.extend({
  redirectTo: z.string().nullable().describe('Where the link asked to go after signing in'),
});

export const googleAuthorizeBodySchema = z.object({ redirectTo: z.string().max(2000).optional() });
export const googleAuthorizeResponseSchema = z.object({ authorizationUrl: z.url() });

export const identityConfigSchema = z
  .object({
    apiKey: z.string().describe('Public identifier of this installation, carried in sign-in links'),
    googleEnabled: z.boolean(),
    emailLinkSettings: z.object({
      url: z.string(),
      handleCodeInApp: z.literal(true),
      iOS: z.object({ bundleId: z.string() }).optional(),
      android: z.object({ packageName: z.string(), installApp: z.boolean(), minimumVersion: z.string() }).optional(),
    }),
  })
  .meta({ id: 'IdentityConfig' });

