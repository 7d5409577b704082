import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (docs/product/stack.md#stack: `smtp-server` to catch
 * mail). No STARTTLS; AUTH is optional and any credentials are accepted (and recorded), so
 * SMTP_URL may carry `user:pass@` or not. Messages are parsed just enough for tests: the headers,
 * RFC 2047 encoded words, multipart bodies, quoted-printable and base64, and the charset.
 */

export interface CaughtMessage {
  /** The From header, decoded, e.g. `Questboard <no-reply@localhost>`. */
  from: string;
  /** The envelope recipients (RCPT TO), which is who the mail really goes to, Bcc included. */
  to: string[];
  /** The envelope sender (MAIL FROM). */
  envelopeFrom: string;
  subject: string;
  /** The first text/plain part, decoded, with CRLF line ends turned into LF. */
  text: string;
  /** The first text/html part, decoded, with CRLF line ends turned into LF. */
  html: string;
  /** Header names (lower case) to their decoded values, in order of appearance. */
  headers: [string, string][];
  /** The user name the client authenticated as, if it did. */
  authUser: string | undefined;
  /** The message exactly as received (UTF-8). */
  raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`: SMTP_URL for the app under test. */
  url: string;
  /** Everything received so far, oldest first. */
  messages: CaughtMessage[];
  /** Resolves with the first message (already received or arriving) that matches; rejects after the time-out. */
  waitForMessage(predicate: (message: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  /** From now on, RCPT TO of a matching address is refused with 550 (null: accept every address again). */
  refuseRecipients(predicate: ((address: string) => boolean) | null): void;
  stop(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMessage[] = [];
  const waiters = new Set<(message: CaughtMessage) => void>();
  let refuse: ((address: string) => boolean) | null = null;

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    onAuth: (auth, _session, callback) => {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onRcptTo: (address, _session, callback) => {
      if (refuse?.(address.address)) {
        callback(Object.assign(new Error('Recipient refused by the test'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMessage(Buffer.concat(chunks));
          const mailFrom = session.envelope.mailFrom;
          const message: CaughtMessage = {
            ...parsed,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            envelopeFrom: mailFrom ? mailFrom.address : '',
            authUser: typeof session.user === 'string' ? session.user : undefined,
          };
          // Kept before the server answers "250 OK", so a sender that awaited its send sees it.
          messages.push(message);
          for (const waiter of waiters) waiter(message);
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const existing = messages.find(predicate);
        if (existing) {
          resolve(existing);
          return;
        }
        const waiter = (message: CaughtMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen =
            messages.map((message) => `"${message.subject}" to ${message.to.join(', ')}`).join('; ') || 'none';
          reject(new Error(`No matching message within ${timeoutMs} ms (received: ${seen}).`));
        }, timeoutMs);
        waiters.add(waiter);
      }),
    refuseRecipients: (predicate) => {
      refuse = predicate;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- Parsing -------------------------------------------------------------------------------
// The message is handled as a latin1 string: one character per byte, so nothing is lost before
// the transfer encoding and the charset are applied.

type ParsedMessage = Omit<CaughtMessage, 'to' | 'envelopeFrom' | 'authUser'>;

export function parseMessage(raw: Buffer): ParsedMessage {
  // SMTP DATA ends with a line break of its own (before the final "."): not part of the body.
  const entity = parseEntity(raw.toString('latin1').replace(/\r?\n$/, ''));
  const header = (name: string) => entity.headers.find(([key]) => key === name)?.[1] ?? '';
  const parts = { text: '', html: '' };
  collectTextParts(entity, parts);
  return {
    from: decodeEncodedWords(header('from')),
    subject: decodeEncodedWords(header('subject')),
    text: parts.text,
    html: parts.html,
    headers: entity.headers.map(([key, value]) => [key, decodeEncodedWords(value)]),
    raw: raw.toString('utf8'),
  };
}

interface Entity {
  headers: [string, string][];
  body: string;
}

function parseEntity(source: string): Entity {
  const match = /\r?\n\r?\n/.exec(source);
  const headerText = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers: [string, string][] = [];
  // Unfold: a line that begins with a space or tab continues the previous header.
  for (const line of headerText.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return { headers, body };
}

function headerValue(entity: Entity, name: string): string {
  return entity.headers.find(([key]) => key === name)?.[1] ?? '';
}

/** `text/plain; charset=utf-8; format=flowed` → type and lower-cased parameter names. */
export function parseHeaderParameters(value: string): { value: string; params: Record<string, string> } {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const key = part.slice(0, equals).trim().toLowerCase();
    let parameter = part.slice(equals + 1).trim();
    if (parameter.startsWith('"') && parameter.endsWith('"'))
      parameter = parameter.slice(1, -1).replace(/\\(.)/g, '$1');
    params[key] = parameter;
  }
  return { value: first.trim().toLowerCase(), params };
}

function collectTextParts(entity: Entity, into: { text: string; html: string }) {
  const contentType = parseHeaderParameters(headerValue(entity, 'content-type') || 'text/plain; charset=us-ascii');
  if (contentType.value.startsWith('multipart/')) {
    const boundary = contentType.params.boundary;
    if (!boundary) throw new Error('multipart message without a boundary');
    for (const part of splitMultipart(entity.body, boundary)) collectTextParts(parseEntity(part), into);
    return;
  }
  if (parseHeaderParameters(headerValue(entity, 'content-disposition')).value === 'attachment') return;
  const isText = contentType.value === 'text/plain';
  const isHtml = contentType.value === 'text/html';
  if ((isText && into.text) || (isHtml && into.html) || (!isText && !isHtml)) return;
  const bytes = decodeTransferEncoding(entity.body, headerValue(entity, 'content-transfer-encoding'));
  const decoded = decodeCharset(bytes, contentType.params.charset ?? 'us-ascii').replace(/\r\n/g, '\n');
  if (isText) into.text = decoded;
  else into.html = decoded;
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join('\r\n'));
      if (trimmed.endsWith('--')) return parts;
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  throw new Error(`multipart body without its closing boundary ${delimiter}--`);
}

export function decodeTransferEncoding(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    default:
      // 7bit, 8bit, binary: the bytes as they are.
      return Buffer.from(body, 'latin1');
  }
}

/**
 * RFC 2045 §6.7: `=XX` is a byte, `=` at the end of a line is a soft line break (removed with the
 * line end), and whitespace at the end of an encoded line was added in transport (dropped). Takes
 * one character per byte (latin1); anything else is left as it is.
 */
export function decodeQuotedPrintable(input: string): Buffer {
  const text = input.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const hex = text.slice(index + 1, index + 3);
    if (character === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.trim().toLowerCase();
  try {
    return new TextDecoder(label === 'us-ascii' ? 'utf-8' : label, { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`cannot decode a part as ${charset}`);
  }
}

/**
 * RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between two of them is
 * dropped. Takes the header's bytes (latin1); text outside encoded words is read as UTF-8, the way
 * SMTPUTF8 sends it (plain headers are ASCII, which reads the same).
 */
export function decodeEncodedWords(value: string): string {
  return Buffer.from(value, 'latin1')
    .toString('utf8')
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, '=20'));
      // RFC 2231 allows a language after the charset: `UTF-8*en`.
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    });
}
