import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go instead of MAIL_FROM (the support form: the person who wrote). */
  replyTo?: string;
}

export interface StoredMail extends MailMessage {
  id: number;
  from: string;
  sentAt: string;
}

export interface Mailer {
  kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  /** The dev mailbox's messages, newest first; empty for SMTP. */
  recent(): StoredMail[];
  close(): void;
}

const mailboxSize = 100;

/**
 * Real SMTP through nodemailer when SMTP_URL is set. Otherwise the dev mailbox: every message is
 * written to the server log and kept (the last 100) for /dev/mailbox. Nothing is delivered.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: FastifyBaseLogger; clock: Clock }): Mailer {
  const { smtpUrl, from, logger, clock } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, { from });
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({ ...message, from });
      },
      recent: () => [],
      close: () => transport.close(),
    };
  }
  const stored: StoredMail[] = [];
  let nextId = 1;
  return {
    kind: 'dev-mailbox',
    send: async (message) => {
      const mail: StoredMail = { ...message, id: nextId++, from, sentAt: clock.now().toISOString() };
      stored.unshift(mail);
      stored.length = Math.min(stored.length, mailboxSize);
      logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, `dev mailbox: mail to ${mail.to}: ${mail.subject}`);
    },
    recent: () => [...stored],
    close: () => undefined,
  };
}
