import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Sends `players` demo players to `project` with `npm run demo` (scripts/demo.mjs): the product's own
 * command, through the real ingestion endpoint of the server at `baseURL`. The CLI finds the server's
 * local admin token in its DATA_DIR (scripts/e2e.mjs makes a fresh one). Answers what it printed.
 */
export async function sendDemoData(project: string, players: number, baseURL: string | undefined, timeoutMs: number): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(process.cwd(), '.tmp/e2e-data');
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/demo.mjs', '--project', project, '--players', String(players), '--url', baseURL ?? ''], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: timeoutMs,
  });
  return stdout;
}
