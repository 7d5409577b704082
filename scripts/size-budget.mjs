#!/usr/bin/env node
// Fails when the JS and CSS a browser downloads to show /login exceed the budget (gzip level 9):
// the scripts index.html loads, the entry chunk and its static imports, the /login route module and
// its static imports, and their CSS. Run after `npm run build` (npm test does).
import {
  findHtmlAssetPaths,
  formatBytes,
  formatTable,
  loadWebBuild,
  LOGIN_BUDGET_BYTES,
  loginDownloadSet,
  measureFiles,
  WEB_DIST_DIR,
} from './lib/bundle-size.mjs';

function main() {
  const { manifest, html } = loadWebBuild();
  const login = loginDownloadSet(manifest);
  const files = [...new Set([...findHtmlAssetPaths(html), ...login.js, ...login.css])];
  const measured = measureFiles(WEB_DIST_DIR, files);
  const total = measured.reduce((sum, { gzip }) => sum + gzip, 0);

  console.log(
    formatTable(
      ['/login downloads', 'raw', 'gzip'],
      measured.map(({ file, raw, gzip }) => [file, raw, gzip]),
    ),
  );
  const verdict = `/login: ${formatBytes(total)} bytes gzip of ${formatBytes(LOGIN_BUDGET_BYTES)} budget`;
  if (total > LOGIN_BUDGET_BYTES) {
    console.error(`\nsize-budget: FAIL ${verdict} (${formatBytes(total - LOGIN_BUDGET_BYTES)} over).`);
    console.error('Lazy-load what /login does not need, or drop a dependency.');
    return 1;
  }
  console.log(`\nsize-budget: ok ${verdict}.`);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`size-budget: FAIL ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
