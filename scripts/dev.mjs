// `npm run dev`: Vite with hot reload on PORT (default 3000), proxying the API to a server that
// restarts on change on PORT + 1. Links in e-mails point at the Vite origin.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './lib/web-build.mjs';

// The server's thread pool sized as `npm start` sizes it (ADR 034): this sets UV_THREADPOOL_SIZE
// in the environment the server process inherits.
createRequire(import.meta.url)('./threadpool.cjs');

const webPort = Number(process.env.PORT ?? 3000);
const apiPort = webPort + 1;
const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const env = {
  ...process.env,
  NODE_ENV: 'development',
  APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}`,
};

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/index.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...env, PORT: String(apiPort) },
  }),
  spawn(bin('vite'), ['--port', String(webPort), '--strictPort'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
    env: { ...env, QB_API_PORT: String(apiPort) },
  }),
];

let exiting = false;
const stopAll = (code) => {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
