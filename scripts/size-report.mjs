#!/usr/bin/env node
// Prints, after `vite build`, what each lazy route module of the web app costs gzipped, so a
// change that bloats a page shows up in review. The /login budget itself is scripts/size-budget.mjs.
import {
  collectStaticClosure,
  findEntryKey,
  findHtmlAssetPaths,
  findRouteModuleKeys,
  formatTable,
  loadWebBuild,
  loginDownloadSet,
  measureFiles,
  WEB_DIST_DIR,
} from './lib/bundle-size.mjs';

/**
 * @param {string[]} files
 * @returns {number}
 */
const gzipTotal = (files) => measureFiles(WEB_DIST_DIR, files).reduce((sum, { gzip }) => sum + gzip, 0);

function main() {
  const { manifest, html } = loadWebBuild();
  const entryKey = findEntryKey(manifest);
  const entry = collectStaticClosure(manifest, [entryKey]);
  const entryFiles = new Set([...entry.js, ...entry.css]);

  /** @type {(string | number)[][]} */
  const rows = [
    [`${entryKey} (entry + static imports)`, entry.js[0] ?? '', gzipTotal(entry.js), gzipTotal(entry.css), 0],
  ];
  for (const key of findRouteModuleKeys(manifest)) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const ownCss = chunk.css ?? [];
    // Extra: what navigating to the page downloads beyond the entry (its chunk, shared chunks, CSS).
    const closure = collectStaticClosure(manifest, [key]);
    const extra = [...closure.js, ...closure.css].filter((file) => !entryFiles.has(file));
    rows.push([key, chunk.file, gzipTotal([chunk.file]), gzipTotal(ownCss), gzipTotal(extra)]);
  }

  console.log('\nRoute modules (bytes, gzip level 9)\n');
  console.log(formatTable(['route module', 'chunk', 'js', 'css', 'beyond entry'], rows));

  const login = loginDownloadSet(manifest);
  const htmlAssets = findHtmlAssetPaths(html);
  const loginTotal = gzipTotal([...new Set([...htmlAssets, ...login.js, ...login.css])]);
  console.log(
    `\n/login downloads ${loginTotal.toLocaleString('en-US')} bytes gzip of JS and CSS (budget: scripts/size-budget.mjs)\n`,
  );
}

try {
  main();
} catch (error) {
  console.error(`size-report: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
