import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';

// The help page's calls (issue 9): GET /core/system/status and POST /core/support, shared by the
// server routes and the web form (STYLE.md rule 2: one rule, one message).

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 5000;
/** Support messages a person may send per hour (each one is an e-mail to the installation's operator). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

export const supportMessages = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
  subjectOneLine: 'Subject must be one line without control characters',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  messageControl: 'Message must not contain control characters',
  projectId: 'projectId must be a project id (a UUID)',
  notConfigured: 'No support address is configured for this installation.',
  sent: 'Message sent to support',
} as const;

export const supportErrorCodes = {
  notConfigured: 'SUPPORT_NOT_CONFIGURED',
} as const;

// A subject becomes a mail header: no line breaks or other control characters (header injection).
// eslint-disable-next-line no-control-regex -- refusing them is the point
const noControlCharacters = /^[^\u0000-\u001F\u007F]*$/u;
// A message is the mail's body: line breaks and tabs are text, other control characters are not.
// eslint-disable-next-line no-control-regex -- refusing them is the point
const textWithLines = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/u;

export const supportMessageBodySchema = z.object({
  subject: z
    .string({ error: supportMessages.subjectRequired })
    .trim()
    .min(1, { error: supportMessages.subjectRequired, abort: true })
    .max(SUPPORT_SUBJECT_MAX, { error: supportMessages.subjectTooLong, abort: true })
    .regex(noControlCharacters, { error: supportMessages.subjectOneLine, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('Subject') }),
  message: z
    .string({ error: supportMessages.messageRequired })
    .trim()
    .min(1, { error: supportMessages.messageRequired, abort: true })
    .max(SUPPORT_MESSAGE_MAX, { error: supportMessages.messageTooLong, abort: true })
    .regex(textWithLines, { error: supportMessages.messageControl, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('Message') }),
  projectId: z.uuid({ error: supportMessages.projectId }).optional(),
});
export type SupportMessageBody = z.infer<typeof supportMessageBodySchema>;

export const supportMessageSentSchema = z.object({ sent: z.literal(true) }).meta({ id: 'SupportMessageSent' });
export type SupportMessageSent = z.infer<typeof supportMessageSentSchema>;

/**
 * What the help page shows about this installation, to signed-in people only: which parts are
 * configured, never the values (the support address stays on the server).
 */
export const installationStatusSchema = z
  .object({
    version: z.string(),
    database: z.enum(['pglite', 'postgres']).describe('Embedded PGlite or an external PostgreSQL'),
    eventStore: z.string().describe('Where analytics events live: duckdb (embedded, under DATA_DIR)'),
    mail: z.enum(['smtp', 'dev-mailbox']).describe('smtp: SMTP_URL is set; dev-mailbox: mail is only logged'),
    googleSignIn: z.boolean().describe('GOOGLE_CLIENT_ID is set'),
    supportEmail: z.boolean().describe('SUPPORT_EMAIL is set: the contact form can send'),
  })
  .meta({ id: 'InstallationStatus' });
export type InstallationStatus = z.infer<typeof installationStatusSchema>;
