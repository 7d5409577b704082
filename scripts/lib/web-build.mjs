import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const webDir = path.join(repoRoot, 'apps/web');
export const webDist = path.join(webDir, 'dist');
const stampPath = path.join(webDist, '.build-stamp');

// Everything that changes what `vite build` produces.
const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-plugins', 'apps/web/package.json', 'packages/shared/src', 'package-lock.json'];

function* filesUnder(relative) {
  const absolute = path.join(repoRoot, relative);
  if (!fs.existsSync(absolute)) return;
  if (fs.statSync(absolute).isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    yield* filesUnder(path.join(relative, entry.name));
  }
}

/** A content hash of the web app's sources: the build is stale when it differs from the stamp. */
export function webSourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(input)) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(fs.readFileSync(path.join(repoRoot, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

export function isWebBuildFresh(fingerprint = webSourceFingerprint()) {
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(stampPath)) return false;
  return fs.readFileSync(stampPath, 'utf8').trim() === fingerprint;
}

/** Builds apps/web unless its build matches the sources; returns whether it built. */
export function ensureWebBuild({ log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const fingerprint = webSourceFingerprint();
  if (isWebBuildFresh(fingerprint)) return false;
  log(fs.existsSync(webDist) ? 'The web app build is stale: rebuilding…' : 'The web app is not built yet: building…');
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build', '--workspace', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app failed (see the output above).');
  fs.writeFileSync(stampPath, `${fingerprint}\n`);
  return true;
}
