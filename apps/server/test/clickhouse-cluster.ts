import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './postgres-cluster';
import { makeTestFolder } from './test-temp-root';

// Throwaway ClickHouse servers for the event store's tests (ADR 033), started the way
// postgres-cluster.ts starts PostgreSQL: on loopback, on free ports, in a temporary folder with a
// minimal configuration this file writes, no system service. Debian's `clickhouse-server` package
// (the 18.16 line) installs /usr/sbin/clickhouse-server; a current ClickHouse is one `clickhouse`
// binary started as `clickhouse server`.

const PACKAGE = 'clickhouse-server';

interface ServerCommand {
  file: string;
  args: string[];
}

export function findClickHouseServer(): ServerCommand | undefined {
  const own = process.env.CLICKHOUSE_SERVER;
  if (own) return fs.existsSync(own) ? { file: own, args: [] } : undefined;
  if (fs.existsSync('/usr/sbin/clickhouse-server')) return { file: '/usr/sbin/clickhouse-server', args: [] };
  for (const file of ['/usr/bin/clickhouse', '/usr/local/bin/clickhouse']) {
    if (fs.existsSync(file)) return { file, args: ['server'] };
  }
  return undefined;
}

/**
 * The server to test with, or undefined after a loud warning when it is not installed. In CI a
 * missing server is a failure, not a skip (`.ci/run` installs the package).
 */
export function clickHouseForTests(): ServerCommand | undefined {
  const command = findClickHouseServer();
  if (command) return command;
  const message = 'ClickHouse server not found (looked in CLICKHOUSE_SERVER, /usr/sbin/clickhouse-server, /usr/bin/clickhouse).';
  if (process.env.CI) throw new Error(`${message} CI requires it: apt-get install -y ${PACKAGE}`);
  console.warn(`\n${'!'.repeat(100)}\n!! ${message}\n!! SKIPPING the ClickHouse event store tests. Install ${PACKAGE} to run them.\n${'!'.repeat(100)}\n`);
  return undefined;
}

export interface ClickHouseNode {
  /** `http://127.0.0.1:<port>/default`, as CLICKHOUSE_URL spells it. */
  url: string;
  httpPort: number;
  tcpPort: number;
  stop(): Promise<void>;
}

interface Ports {
  http: number;
  tcp: number;
  interserver: number;
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The server's configuration: loopback only, small caches, no logs of queries; `remoteServers` is a `<remote_servers>` body. */
function configXml(base: string, ports: Ports, remoteServers = ''): string {
  const dir = (name: string) => xml(path.join(base, name) + '/');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${xml(path.join(base, 'server.log'))}</log><errorlog>${xml(path.join(base, 'error.log'))}</errorlog></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${ports.http}</http_port>
  <tcp_port>${ports.tcp}</tcp_port>
  <interserver_http_port>${ports.interserver}</interserver_http_port>
  <path>${dir('data')}</path>
  <tmp_path>${dir('tmp')}</tmp_path>
  <user_files_path>${dir('user_files')}</user_files_path>
  <format_schema_path>${dir('format_schemas')}</format_schema_path>
  <users_config>${xml(path.join(base, 'users.xml'))}</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <remote_servers>${remoteServers}</remote_servers>
</yandex>
`;
}

const usersXml = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
`;

async function freePorts(): Promise<Ports> {
  const taken = new Set<number>();
  const next = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  return { http: await next(), tcp: await next(), interserver: await next() };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}?query=${encodeURIComponent('SELECT 1')}`, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await response.text()).trim() === '1';
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts one server with the given ports; answers once it runs `SELECT 1`. */
async function startNode(command: ServerCommand, ports: Ports, remoteServers?: string): Promise<ClickHouseNode> {
  const base = makeTestFolder('ch');
  for (const name of ['data', 'tmp', 'user_files', 'format_schemas']) fs.mkdirSync(path.join(base, name));
  fs.writeFileSync(path.join(base, 'config.xml'), configXml(base, ports, remoteServers));
  fs.writeFileSync(path.join(base, 'users.xml'), usersXml);
  const child = spawn(command.file, [...command.args, `--config-file=${path.join(base, 'config.xml')}`], {
    cwd: base,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${ports.http}/`;
  const remove = () => fs.rmSync(base, { recursive: true, force: true });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    remove();
  };
  const deadline = Date.now() + 30_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(base, 'error.log')) ? fs.readFileSync(path.join(base, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`ClickHouse did not start on port ${ports.http}: ${stderr}${log}`.slice(0, 4000));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `${url}default`, httpPort: ports.http, tcpPort: ports.tcp, stop };
}

/** One throwaway server on loopback. */
export async function startClickHouse(command: ServerCommand): Promise<ClickHouseNode> {
  return startNode(command, await freePorts());
}

export interface ClickHouseShards {
  /** The `remote_servers` name both nodes know: a `Distributed` table over it spans both. */
  cluster: string;
  nodes: [ClickHouseNode, ClickHouseNode];
  stop(): Promise<void>;
}

/** Two server processes configured as one cluster of two shards (one replica each). */
export async function startClickHouseShards(command: ServerCommand): Promise<ClickHouseShards> {
  const cluster = 'questboard_shards';
  const ports = [await freePorts(), await freePorts()];
  const shards = ports
    .map((port) => `<shard><replica><host>127.0.0.1</host><port>${port.tcp}</port></replica></shard>`)
    .join('');
  const remoteServers = `<${cluster}>${shards}</${cluster}>`;
  const settled = await Promise.allSettled(ports.map((port) => startNode(command, port, remoteServers)));
  const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed || started.length !== 2) {
    await Promise.all(started.map((node) => node.stop()));
    throw failed?.reason ?? new Error('a shard did not start');
  }
  const [first, second] = started as [ClickHouseNode, ClickHouseNode];
  return { cluster, nodes: [first, second], stop: async () => {
      await Promise.all([first.stop(), second.stop()]);
    }, };
}
