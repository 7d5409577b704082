// `npm start`: check the configuration, build the web app when its build is missing or stale, then
// run the whole product (web app + API) in this one Node process.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './lib/web-build.mjs';

process.env.NODE_ENV ??= 'production';
register();

const { loadConfigOrExit } = await import('../apps/server/src/config.ts');
loadConfigOrExit(process.env);

try {
  ensureWebBuild();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

await import('../apps/server/src/index.ts');
