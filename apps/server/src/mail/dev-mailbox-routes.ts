import { z } from 'zod';
import { apiPaths } from '@questboard/shared/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLoopbackHost } from '../config';
import { sendNotFound } from '../plugins/error-handler';
import type { Mailer, StoredMail } from './mailer';
import { renderMailboxPage } from './dev-mailbox-page';

const storedMailSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

function fromLoopback(address: string): boolean {
  return isLoopbackHost(address.replace(/^::ffff:/, ''));
}

/** The dev mailbox's page; the sign-in link's send answer points here while it is on. */
export const devMailboxPath = apiPaths.devMailbox.page.pattern;

/**
 * /dev/mailbox: what the dev mailbox caught. Registered only without SMTP_URL, and answers only
 * requests that reach the server from loopback (others get the ordinary 404).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; appName: string }> = async (app, { mailer, appName }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromLoopback(request.socket.remoteAddress ?? '')) return sendNotFound(request, reply);
  });

  app.get(devMailboxPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderMailboxPage(appName, mailer.recent())),
  );

  app.get(
    apiPaths.devMailbox.messages.pattern,
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail caught by the dev mailbox, newest first (loopback only, without SMTP_URL)',
        response: { 200: z.object({ messages: z.array(storedMailSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: mailer.recent() satisfies StoredMail[] };
    },
  );
};
