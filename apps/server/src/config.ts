import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultAppName } from '@questboard/shared/product';

// docs/product/http-contract.md#configuration: every variable is optional; an invalid one stops the start with one
// line naming it. Empty strings count as unset, the way container orchestrators pass them.

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return loopbackHosts.has(host) || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

function urlWithProtocols(protocols: string[], example: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );
}

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'http://localhost:3000').optional(),
  APP_NAME: z.string().trim().min(1).max(100, 'must be at most 100 characters').default(defaultAppName),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db').optional(),
  CLICKHOUSE_URL: urlWithProtocols(['http:', 'https:'], 'http://user:pass@host:8123/database')
    .refine((value) => URL.canParse(value) && /^([A-Za-z_][A-Za-z0-9_]*)?$/.test(new URL(value).pathname.replace(/^\/|\/$/g, '')), {
      message: 'must name its database with letters, digits and _ only, like http://host:8123/analytics',
    })
    .optional(),
  // docs/deploy.md#clickhouse: a cluster from the servers' remote_servers, and each node's own URL.
  CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a cluster name from the ClickHouse servers' remote_servers (letters, digits and _)")
    .optional(),
  CLICKHOUSE_NODE_URLS: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(z.array(urlWithProtocols(['http:', 'https:'], 'http://host-1:8123/database,http://host-2:8123/database')).min(1, 'must list at least one URL'))
    .optional(),
  // docs/deploy.md#the-load-balancer: the proxies whose X-Forwarded-For names the client.
  TRUST_PROXY: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(z.array(z.string().refine(isAddressOrRange, { message: 'must list IP addresses or CIDR ranges, like 10.0.0.0/8,192.0.2.7' })).min(1, 'must list at least one address'))
    .optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().trim().min(3).default(`${defaultAppName} <no-reply@localhost>`),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: urlWithProtocols(['http:', 'https:'], 'https://accounts.google.com')
    .refine(
      (value) => new URL(value).protocol === 'https:' || isLoopbackHost(new URL(value).hostname),
      { message: 'must use https:// (http:// is accepted only on a loopback address)' },
    )
    .default('https://accounts.google.com'),
  IOS_BUNDLE_ID: z.string().optional(),
  ANDROID_PACKAGE_NAME: z.string().optional(),
  ANDROID_MIN_VERSION: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'must be a version number like 12')
    .default('12'),
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  // A bare address (no display name): it is only ever a mail's recipient, never shown to clients.
  SUPPORT_EMAIL: z.string().trim().pipe(z.email({ message: 'must be an e-mail address' })).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export type Environment = z.input<typeof environmentSchema>;

/** An IPv4 or IPv6 address, or one with a /prefix of a valid length. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export interface ClickHouseConfig {
  /** Reads and writes go through this server's `events` table. */
  url: string;
  /**
   * With a cluster, `events` is a Distributed table over every node's `events_local`, created on
   * each node at start; deletes run on each node's own table.
   */
  cluster: { name: string; nodeUrls: string[] } | undefined;
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  appName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where analytics events live when not in the embedded store (CLICKHOUSE_URL, ADR 033). */
  clickhouse: ClickHouseConfig | undefined;
  /**
   * The load balancers or proxies in front (TRUST_PROXY): a request from one of them is taken to
   * come from the address its X-Forwarded-For names, for the per-address limits. Empty: the
   * socket's peer, whatever the headers say.
   */
  trustedProxies: string[];
  smtpUrl: string | undefined;
  /**
   * Mail goes to the dev mailbox instead of SMTP. Only when APP_URL is a loopback origin: behind a
   * proxy on the same machine every visitor arrives from loopback and would read everyone's links.
   */
  devMailbox: boolean;
  mailFrom: string;
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  googleIssuer: string;
  mobile: { iosBundleId: string | undefined; androidPackageName: string | undefined; androidMinVersion: string };
  nodeEnv: 'development' | 'production' | 'test';
  supportEmail: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of Object.keys(environmentSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') result[key] = value;
  }
  return result;
}

/** Parses the environment; throws ConfigError with one line per invalid variable. */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const raw = withoutEmptyValues(env);
  const parsed = environmentSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      const value = raw[name];
      const shown = value === undefined ? '' : ` (got ${JSON.stringify(name.includes('SECRET') || name.includes('_URL') ? '…' : value)})`;
      return `Invalid configuration: ${name} ${issue.message}${shown}.`;
    });
    throw new ConfigError(lines);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const clientId = optionalText.parse(e.GOOGLE_CLIENT_ID);
  const devMailbox = e.SMTP_URL === undefined;
  if (e.CLICKHOUSE_URL === undefined && (e.CLICKHOUSE_CLUSTER !== undefined || e.CLICKHOUSE_NODE_URLS !== undefined)) {
    throw new ConfigError([
      `Invalid configuration: ${e.CLICKHOUSE_CLUSTER !== undefined ? 'CLICKHOUSE_CLUSTER' : 'CLICKHOUSE_NODE_URLS'} needs CLICKHOUSE_URL, the server the product reads and writes events through.`,
    ]);
  }
  if ((e.CLICKHOUSE_NODE_URLS === undefined) !== (e.CLICKHOUSE_CLUSTER === undefined)) {
    throw new ConfigError([
      e.CLICKHOUSE_CLUSTER === undefined
        ? 'Invalid configuration: CLICKHOUSE_NODE_URLS needs CLICKHOUSE_CLUSTER, the cluster those nodes form.'
        : 'Invalid configuration: CLICKHOUSE_CLUSTER needs CLICKHOUSE_NODE_URLS, the URL of each of its nodes (deletes run on every node).',
    ]);
  }
  if (devMailbox && !isLoopbackHost(new URL(appUrl).hostname)) {
    throw new ConfigError([
      `Invalid configuration: SMTP_URL must be set when APP_URL is not a loopback address (got APP_URL ${JSON.stringify(appUrl)}): the dev mailbox would show everyone's sign-in links to every visitor.`,
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appName: e.APP_NAME,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    clickhouse: e.CLICKHOUSE_URL
      ? {
          url: e.CLICKHOUSE_URL,
          cluster: e.CLICKHOUSE_CLUSTER && e.CLICKHOUSE_NODE_URLS ? { name: e.CLICKHOUSE_CLUSTER, nodeUrls: e.CLICKHOUSE_NODE_URLS } : undefined,
        }
      : undefined,
    trustedProxies: e.TRUST_PROXY ?? [],
    smtpUrl: e.SMTP_URL,
    devMailbox,
    mailFrom: e.MAIL_FROM,
    google: clientId
      ? { clientId, clientSecret: optionalText.parse(e.GOOGLE_CLIENT_SECRET), issuer: e.GOOGLE_ISSUER.replace(/\/+$/, '') }
      : undefined,
    googleIssuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
    mobile: {
      iosBundleId: e.IOS_BUNDLE_ID,
      androidPackageName: e.ANDROID_PACKAGE_NAME,
      androidMinVersion: e.ANDROID_MIN_VERSION,
    },
    nodeEnv: e.NODE_ENV,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
  };
}

/** For entry points: parse, or print the problem on stderr and exit 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.lines.join('\n')}\n`);
      process.exit(1);
    }
    throw error;
  }
}
