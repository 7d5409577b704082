import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { makeTestFolder } from './test-temp-root';

// A throwaway PostgreSQL cluster from the installed server binaries (docs/product/stack.md#toolchain-notes):
// initdb refuses root, so as root everything runs as the `postgres` user through runuser.

const candidateBinDirs = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/local/pgsql/bin'].filter(
  (dir): dir is string => Boolean(dir),
);

export function findPostgresBinaries(): string | undefined {
  return candidateBinDirs.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PostgresCluster {
  url: string;
  version: string;
  stop(): void;
  /** For outage tests (issue 21): stop the server keeping its data, and start it again. */
  halt(): void;
  resume(): void;
  /** SIGSTOP / SIGCONT the postmaster and every backend: a frozen server that answers nothing. */
  freeze(): void;
  thaw(): void;
}

export async function startPostgresCluster(binDir: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const file = path.join(binDir, command);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', file, ...args], { encoding: 'utf8' })
      : spawnSync(file, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const base = makeTestFolder('pg');
  const dataDir = path.join(base, 'data');
  fs.mkdirSync(dataDir);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  fs.chmodSync(base, 0o755);
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const start = () =>
    run('pg_ctl', [
      '-D', dataDir, '-l', path.join(base, 'server.log'), '-w', '-t', '30',
      '-o', `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  start();
  const signalAll = (signal: NodeJS.Signals) => {
    const postmaster = Number.parseInt(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8'), 10);
    for (const pid of [postmaster, ...childrenOf(postmaster)]) process.kill(pid, signal);
  };
  const version = run('postgres', ['--version']).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    halt: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: () => start(),
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
  };
}

/** The processes whose parent is `parent` (Linux /proc). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 4th field, after the command in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}
