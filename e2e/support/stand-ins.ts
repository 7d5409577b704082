import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGoogleStandIn, type StandInAccount } from '../../apps/server/test/stand-ins/google-provider';
import { startSmtpCatcher } from '../../apps/server/test/stand-ins/smtp-catcher';

// The outside world of the end-to-end tests, on loopback: a real SMTP server catching the mail and
// a real OpenID provider playing Google. A small control API lets the browser tests read the mail
// and add Google accounts. scripts/e2e.mjs starts this before Playwright and passes the addresses.

export const e2eGoogleClient = { clientId: 'questboard-e2e', clientSecret: 'e2e-secret' };

export async function startStandIns(appUrl: string) {
  const smtp = await startSmtpCatcher();
  const google = await startGoogleStandIn({
    clients: [{ ...e2eGoogleClient, redirectUris: [`${appUrl}/auth/v1/google/callback`] }],
  });
  const control = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/mail') {
      send(
        200,
        smtp.messages.map(({ to, subject, text, html, headers }) => ({
          to,
          subject,
          text,
          html,
          replyTo: headers.find(([name]) => name === 'reply-to')?.[1] ?? null,
        })),
      );
      return;
    }
    if (request.method === 'POST' && request.url === '/google/accounts') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        google.addAccount(JSON.parse(raw) as StandInAccount);
        send(201, { ok: true });
      });
      return;
    }
    send(404, { message: 'unknown control route' });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Questboard <no-reply@questboard.test>',
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: e2eGoogleClient.clientId,
      GOOGLE_CLIENT_SECRET: e2eGoogleClient.clientSecret,
      // The help page's contact form mails here (issue 9); the catcher takes any address.
      SUPPORT_EMAIL: 'support@questboard.test',
      E2E_CONTROL_URL: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    },
    async stop() {
      await new Promise((resolve) => control.close(resolve));
      await google.stop();
      await smtp.stop();
    },
  };
}
