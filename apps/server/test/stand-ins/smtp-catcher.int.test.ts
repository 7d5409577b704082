import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeQuotedPrintable,
  parseMessage,
  startSmtpCatcher,
  type SmtpCatcher,
} from './smtp-catcher';

// The catcher's decoder is what the mail tests read links through, so it is tested on its own:
// against the RFCs' rules, and against what nodemailer really sends.

describe('SMTP catcher decoding', () => {
  it('decodes quoted-printable (RFC 2045 §6.7)', () => {
    const decode = (input: string) => decodeQuotedPrintable(input).toString('utf8');
    expect(decode("Now's the time =\r\nfor all folk to come=\r\n to the aid of their country.")).toBe(
      "Now's the time for all folk to come to the aid of their country.",
    );
    expect(decode('=C3=A9t=C3=A9 and =c3=a9t=c3=a9')).toBe('été and été');
    expect(decode('a=3Db&c=3D=3D')).toBe('a=b&c==');
    expect(decode('trailing space  \r\nnext\t\r\nlast  ')).toBe('trailing space\r\nnext\r\nlast');
    expect(decode('kept =20\r\n')).toBe('kept  \r\n');
    expect(decode('soft break at the end=\r\n')).toBe('soft break at the end');
    expect(decode('not an escape: =ZZ =4')).toBe('not an escape: =ZZ =4');
    expect(decode('=F0=9F=8E=AE')).toBe('🎮');
  });

  it('decodes RFC 2047 encoded words in headers', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?=C3=89milie_?= =?UTF-8?B?8J+Org==?=')).toBe('Émilie 🎮');
    expect(decodeEncodedWords('Plain =?utf-8?q?caf=C3=A9?= text')).toBe('Plain café text');
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Caf=E9?=')).toBe('Café');
    expect(decodeEncodedWords('Sign in to Questboard')).toBe('Sign in to Questboard');
  });

  it('reads a hand-made multipart message: nested parts, base64, charsets, attachments skipped', () => {
    const raw = [
      'From: =?UTF-8?Q?Caf=C3=A9?= <cafe@example.com>',
      'To: someone@example.com',
      'Subject: =?UTF-8?B?SGVsbG8g8J+Org==?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble to ignore',
      '--outer',
      'Content-Type: multipart/alternative;',
      ' boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=E9 =3D ok',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>café</p>').toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'an attachment, not the body',
      '--outer--',
      'epilogue',
    ].join('\r\n');
    const message = parseMessage(Buffer.from(raw, 'latin1'));
    expect(message.from).toBe('Café <cafe@example.com>');
    expect(message.subject).toBe('Hello 🎮');
    expect(message.text).toBe('café = ok');
    expect(message.html).toBe('<p>café</p>');
    expect(message.headers).toContainEqual(['to', 'someone@example.com']);
  });

  it('refuses a multipart body whose closing boundary is missing rather than guessing', () => {
    const raw = 'Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\ncut off';
    expect(() => parseMessage(Buffer.from(raw))).toThrow(/closing boundary/);
  });
});

describe('SMTP catcher with nodemailer', () => {
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => {
    await catcher.stop();
  });

  it('gives back exactly what nodemailer sent: envelope, headers, text and HTML', async () => {
    const transport = nodemailer.createTransport(catcher.url);
    // Long lines, `=` signs, trailing spaces, non-ASCII and emoji force quoted-printable soft breaks.
    const text = [
      'Héllo Wörld 🎮 — a line that is long enough to need a soft line break somewhere in the middle of it, surely',
      'http://localhost:3999/auth/callback?apiKey=0f9c2d3e-1111-4222-8333-944455556666&oobCode=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefg&mode=signIn&lang=en',
      'a=b, c==d, trailing spaces   ',
      'done.',
    ].join('\n');
    const html = `<p style="margin:0">Héllo <a href="http://x.test/?a=1&amp;b=2">link</a> ${'x'.repeat(200)}</p>`;
    await transport.sendMail({
      from: 'Pixel & Co <no-reply@pixel.test>',
      to: 'player@example.com',
      bcc: 'auditor@example.com',
      subject: 'Bienvenue à bord 🎮',
      text,
      html,
    });
    transport.close();
    const message = await catcher.waitForMessage((candidate) => candidate.to.includes('player@example.com'));
    expect(message.to).toEqual(['player@example.com', 'auditor@example.com']);
    expect(message.envelopeFrom).toBe('no-reply@pixel.test');
    expect(message.from).toBe('"Pixel & Co" <no-reply@pixel.test>');
    expect(message.subject).toBe('Bienvenue à bord 🎮');
    expect(message.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(message.raw).toMatch(/=\r\n/);
    expect(message.text).toBe(text);
    expect(message.html).toBe(html);
    expect(message.headers.some(([name]) => name === 'bcc')).toBe(false);
    expect(message.authUser).toBeUndefined();
  });

  it('accepts AUTH with any credentials and records the user', async () => {
    const url = new URL(catcher.url);
    url.username = 'mailer';
    url.password = 'secret';
    const transport = nodemailer.createTransport(url.href);
    await transport.sendMail({ from: 'a@example.com', to: 'auth@example.com', subject: 'With auth', text: 'hi' });
    transport.close();
    const message = await catcher.waitForMessage((candidate) => candidate.subject === 'With auth');
    expect(message.authUser).toBe('mailer');
    expect(message.text).toBe('hi');
  });

  it('can refuse recipients, and times out clearly when nothing matches', async () => {
    catcher.refuseRecipients((address) => address.endsWith('@refused.test'));
    const transport = nodemailer.createTransport(catcher.url);
    try {
      await expect(
        transport.sendMail({ from: 'a@example.com', to: 'x@refused.test', subject: 'Refused', text: 'no' }),
      ).rejects.toThrow(/550/);
    } finally {
      catcher.refuseRecipients(null);
      transport.close();
    }
    await expect(catcher.waitForMessage((candidate) => candidate.subject === 'Refused', 100)).rejects.toThrow(
      /No matching message within 100 ms/,
    );
  });
});
