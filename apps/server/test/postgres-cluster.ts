import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL cluster from the installed server binaries (DESIGN.md, toolchain notes):
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
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-pg-'));
  const dataDir = path.join(base, 'data');
  fs.mkdirSync(dataDir);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  fs.chmodSync(base, 0o755);
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  run('pg_ctl', [
    '-D', dataDir, '-l', path.join(base, 'server.log'), '-w', '-t', '30',
    '-o', `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  const version = run('postgres', ['--version']).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
  };
}
