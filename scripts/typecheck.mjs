// Type-checks every workspace with its own tsconfig (web has DOM types, server has Node's).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/web-build.mjs';

const projects = ['packages/shared', 'packages/sdk', 'apps/server', 'apps/web', 'e2e', '.'];
let failed = false;
for (const project of projects) {
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', project], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Type errors in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
