import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, parseConfig } from './config';

function errorLines(env: Record<string, string>): string[] {
  try {
    parseConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('gives the defaults of docs/product/http-contract.md#configuration for an empty environment', () => {
    const config = parseConfig({}, '/srv');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      appName: 'Questboard',
      dataDir: '/srv/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      devMailbox: true,
      mailFrom: 'Questboard <no-reply@localhost>',
      google: undefined,
      googleIssuer: 'https://accounts.google.com',
      mobile: { iosBundleId: undefined, androidPackageName: undefined, androidMinVersion: '12' },
      nodeEnv: 'development',
      supportEmail: undefined,
      logLevel: 'info',
    });
  });

  it('derives APP_URL from PORT and trims a trailing slash from a given one', () => {
    expect(parseConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(parseConfig({ APP_URL: 'https://qb.studio.example/', SMTP_URL: 'smtp://mail:25' }).appUrl).toBe('https://qb.studio.example');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '  ', GOOGLE_CLIENT_ID: '' }, '/srv')).toMatchObject({ port: 3000, databaseUrl: undefined, google: undefined });
  });

  it('enables Google only with a client id', () => {
    expect(parseConfig({ GOOGLE_CLIENT_ID: 'abc', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'http://127.0.0.1:9000/' }).google).toEqual({
      clientId: 'abc',
      clientSecret: 's',
      issuer: 'http://127.0.0.1:9000',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "0").'],
    [{ PORT: '3000.5' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "3000.5").'],
    [{ PORT: '65536' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "65536").'],
    [{ APP_URL: 'localhost:3000' }, 'Invalid configuration: APP_URL must be a URL like http://localhost:3000 (got "…").'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'Invalid configuration: DATABASE_URL must be a URL like postgres://user:pass@host:5432/db (got "…").'],
    [{ CLICKHOUSE_URL: 'tcp://ch:9000/db' }, 'Invalid configuration: CLICKHOUSE_URL must be a URL like http://user:pass@host:8123/database (got "…").'],
    [{ CLICKHOUSE_URL: 'http://ch:8123/my-db' }, 'Invalid configuration: CLICKHOUSE_URL must name its database with letters, digits and _ only, like http://host:8123/analytics (got "…").'],
    [{ CLICKHOUSE_URL: 'http://ch:8123/', CLICKHOUSE_CLUSTER: 'two shards' }, "Invalid configuration: CLICKHOUSE_CLUSTER must be a cluster name from the ClickHouse servers' remote_servers (letters, digits and _) (got \"two shards\")."],
    [{ CLICKHOUSE_URL: 'http://ch:8123/', CLICKHOUSE_CLUSTER: 'c', CLICKHOUSE_NODE_URLS: 'http://a:8123/, ftp://b' }, 'Invalid configuration: CLICKHOUSE_NODE_URLS must be a URL like http://host-1:8123/database,http://host-2:8123/database (got "…").'],
    [{ CLICKHOUSE_CLUSTER: 'c' }, 'Invalid configuration: CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL, the server the product reads and writes events through.'],
    [{ CLICKHOUSE_URL: 'http://ch:8123/', CLICKHOUSE_CLUSTER: 'c' }, 'Invalid configuration: CLICKHOUSE_CLUSTER needs CLICKHOUSE_NODE_URLS, the URL of each of its nodes (deletes run on every node).'],
    [{ CLICKHOUSE_URL: 'http://ch:8123/', CLICKHOUSE_NODE_URLS: 'http://a:8123/' }, 'Invalid configuration: CLICKHOUSE_NODE_URLS needs CLICKHOUSE_CLUSTER, the cluster those nodes form.'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'Invalid configuration: TRUST_PROXY must list IP addresses or CIDR ranges, like 10.0.0.0/8,192.0.2.7 (got "10.0.0.0/33").'],
    [{ TRUST_PROXY: 'lb.internal' }, 'Invalid configuration: TRUST_PROXY must list IP addresses or CIDR ranges, like 10.0.0.0/8,192.0.2.7 (got "lb.internal").'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be a URL like smtp://user:pass@host:587 (got "…").'],
    [{ GOOGLE_ISSUER: 'http://accounts.example.com' }, 'Invalid configuration: GOOGLE_ISSUER must use https:// (http:// is accepted only on a loopback address) (got "http://accounts.example.com").'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV must be development, production or test (got "staging").'],
    [{ SUPPORT_EMAIL: 'support' }, 'Invalid configuration: SUPPORT_EMAIL must be an e-mail address (got "support").'],
    [{ SUPPORT_EMAIL: 'Support <support@studio.example>' }, 'Invalid configuration: SUPPORT_EMAIL must be an e-mail address (got "Support <support@studio.example>").'],
    [{ SUPPORT_EMAIL: 'a@studio.example\r\nBcc: b@x.example' }, 'Invalid configuration: SUPPORT_EMAIL must be an e-mail address (got "a@studio.example\\r\\nBcc: b@x.example").'],
    [{ ANDROID_MIN_VERSION: 'twelve' }, 'Invalid configuration: ANDROID_MIN_VERSION must be a version number like 12 (got "twelve").'],
  ])('rejects %o with one clear line', (env, line) => {
    expect(errorLines(env)).toEqual([line]);
  });

  it('reads the trusted proxies as addresses and ranges, none by default', () => {
    expect(parseConfig({}).trustedProxies).toEqual([]);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32' }).trustedProxies).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
  });

  it('reads the ClickHouse store: one server, or a cluster with its nodes', () => {
    expect(parseConfig({}).clickhouse).toBeUndefined();
    expect(parseConfig({ CLICKHOUSE_URL: 'http://qb:secret@ch:8123/analytics' }).clickhouse).toEqual({
      url: 'http://qb:secret@ch:8123/analytics',
      cluster: undefined,
    });
    expect(
      parseConfig({ CLICKHOUSE_URL: 'http://ch-1:8123/qb', CLICKHOUSE_CLUSTER: 'c', CLICKHOUSE_NODE_URLS: ' http://ch-1:8123/qb, http://ch-2:8123/qb ,' })
        .clickhouse?.cluster?.nodeUrls,
    ).toEqual(['http://ch-1:8123/qb', 'http://ch-2:8123/qb']);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:4100', 'http://[::1]:3000', 'https://localhost'])(
    'keeps the dev mailbox for the loopback APP_URL %s without SMTP_URL',
    (appUrl) => {
      expect(parseConfig({ APP_URL: appUrl }).devMailbox).toBe(true);
    },
  );

  it.each(['https://qb.studio.example', 'http://192.168.1.20:3000', 'http://qb.internal'])(
    'refuses APP_URL %s without SMTP_URL in one line saying why (issue 21)',
    (appUrl) => {
      expect(errorLines({ APP_URL: appUrl })).toEqual([
        `Invalid configuration: SMTP_URL must be set when APP_URL is not a loopback address (got APP_URL "${appUrl}"): the dev mailbox would show everyone's sign-in links to every visitor.`,
      ]);
    },
  );

  it('turns the dev mailbox off when SMTP_URL is set', () => {
    expect(parseConfig({ APP_URL: 'https://qb.studio.example', SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
  });

  it('takes SUPPORT_EMAIL as a bare address, trimmed', () => {
    expect(parseConfig({ SUPPORT_EMAIL: ' support@studio.example ' }).supportEmail).toBe('support@studio.example');
  });

  it('names every invalid variable, one per line', () => {
    expect(errorLines({ PORT: 'x', LOG_LEVEL: 'loud' })).toHaveLength(2);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.10.0.3', true],
    ['[::1]', true],
    ['10.0.0.1', false],
    ['localhost.evil.com', false],
    ['127.0.0.1.nip.io', false],
  ])('%s -> %s', (host, expected) => expect(isLoopbackHost(host)).toBe(expected));
});
