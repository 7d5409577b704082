import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths } from '@questboard/shared/api-paths';
import { DEMO_PLAYERS_DEFAULT } from '@questboard/shared/developer';
import { DEMO_DAYS, demoEnd } from './demo-loads';
import { sendDemoPopulation, type IngestPost } from './demo-sender';
import { localTokenFile } from './local-token';

const usage = `Usage: npm run demo -- --project <identifier> [--url <server>] [--players <n>] [--key <qbk_…>]

Sends a generated game population (demo data) for the project through the ingestion endpoint of a
running Questboard server. Without --key it asks the server for the project's demo key, proving it
runs on the same machine with DATA_DIR/local-admin-token.`;

class UsageError extends Error {}

/** `npm run demo`: answers the exit code; everything it says goes to stdout and stderr. */
export async function runDemoCli(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        project: { type: 'string' },
        url: { type: 'string' },
        players: { type: 'string' },
        key: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      return 0;
    }
    if (!values.project) throw new UsageError('--project <identifier> is required.');
    const players = values.players === undefined ? DEMO_PLAYERS_DEFAULT : Number(values.players);
    if (!Number.isInteger(players) || players < 1 || players > 1_000_000) throw new UsageError('--players must be a whole number from 1 to 1000000.');
    const base = (values.url ?? env.APP_URL ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');

    const key = values.key ?? (await demoKey(base, values.project, env.DATA_DIR ?? './data'));
    const post: IngestPost = async (body, ingestKey) => {
      const response = await fetch(`${base}${apiPaths.ingestion.batch.pattern}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': ingestKey },
        body,
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined, body: await response.text() };
    };
    const started = performance.now();
    let lastReport = 0;
    const sent = await sendDemoPopulation({
      post,
      key,
      players,
      days: DEMO_DAYS,
      end: demoEnd(new Date()),
      seed: values.seed === undefined ? 1 : Number(values.seed),
      onProgress: (count) => {
        if (performance.now() - lastReport < 1000) return;
        lastReport = performance.now();
        process.stderr.write(`  ${count.toLocaleString('en')} events sent…\n`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `Sent ${sent.toLocaleString('en')} demo events (${players.toLocaleString('en')} players over ${DEMO_DAYS} days) to "${values.project}" in ${seconds.toFixed(1)} s.\n` +
        `They are labelled as demo data; remove them on the project's developer page.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    process.stderr.write(`npm run demo: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function demoKey(base: string, identifier: string, dataDir: string): Promise<string> {
  const tokenFile = localTokenFile(path.resolve(dataDir));
  if (!fs.existsSync(tokenFile)) {
    throw new Error(`no ${tokenFile}: start the server with \`npm start\` (same DATA_DIR) first, or pass --key.`);
  }
  let response: Response;
  try {
    response = await fetch(`${base}${apiPaths.ingestion.demoKey.pattern}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fs.readFileSync(tokenFile, 'utf8').trim()}` },
      body: JSON.stringify({ identifier }),
    });
  } catch {
    throw new Error(`no Questboard server answers at ${base}: start it with \`npm start\`, or pass --url.`);
  }
  const answer = (await response.json().catch(() => ({}))) as { key?: string; message?: string };
  if (!response.ok || !answer.key) throw new Error(answer.message ?? `the server answered ${response.status}`);
  return answer.key;
}
