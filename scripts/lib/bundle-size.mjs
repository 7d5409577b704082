// Pure helpers behind scripts/size-report.mjs and scripts/size-budget.mjs: walk Vite's build
// manifest (dist/.vite/manifest.json) to find which files a page needs, and measure them gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * One entry of Vite's manifest. Keys are source paths (`src/...`, `index.html`) or, for shared
 * chunks, `_name-hash.js`. `imports` are static (downloaded up front), `dynamicImports` are lazy.
 * @typedef {object} ManifestChunk
 * @property {string} file output path relative to dist, e.g. assets/login-abc.js
 * @property {string} [src]
 * @property {string} [name]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */

/** @typedef {Record<string, ManifestChunk>} Manifest */

/**
 * The gzip (level 9) budget for everything a browser downloads to show /login. 150,000 until the
 * entry chunk was split from the app (ADR 024, amendment 5): the same code in more files compresses
 * about 4,400 bytes worse, so 152,000.
 */
export const LOGIN_BUDGET_BYTES = 152_000;

/** The lazy route module of /login, as Vite names it in the manifest. */
export const LOGIN_ROUTE_SRC = 'src/features/auth/routes/login.tsx';

/** apps/web/dist, wherever the script is started from. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

/**
 * Reads the build's manifest and index.html, or throws with the fix when there is no build.
 * @param {string} [distDir]
 * @returns {{ manifest: Manifest, html: string }}
 */
export function loadWebBuild(distDir = WEB_DIST_DIR) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No build manifest at ${manifestPath}: run npm run build first.`);
  }
  const manifest = /** @type {Manifest} */ (JSON.parse(readFileSync(manifestPath, 'utf8')));
  const htmlPath = join(distDir, 'index.html');
  const html = existsSync(htmlPath) ? readFileSync(htmlPath, 'utf8') : '';
  return { manifest, html };
}

/**
 * @param {string} distDir
 * @param {string[]} files paths relative to distDir
 * @returns {{ file: string, raw: number, gzip: number }[]}
 */
export function measureFiles(distDir, files) {
  return files.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, raw: content.byteLength, gzip: gzipSize(content) };
  });
}

/**
 * @param {Manifest} manifest
 * @returns {string} the key of the HTML entry chunk
 */
export function findEntryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const key = entries.find((candidate) => candidate === 'index.html') ?? entries[0];
  if (!key) throw new Error('The manifest has no entry chunk (isEntry).');
  return key;
}

/**
 * Lazy route modules (dynamic entries) that come from the app's source, sorted by source path.
 * @param {Manifest} manifest
 * @returns {string[]} manifest keys
 */
export function findRouteModuleKeys(manifest) {
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && key.startsWith('src/'))
    .sort();
}

/**
 * The files downloaded before the given chunks can run: each chunk, everything it imports
 * statically (transitively; cycles allowed), and the CSS of all of them. Lazy imports are not followed.
 * @param {Manifest} manifest
 * @param {string[]} startKeys
 * @returns {{ chunks: string[], js: string[], css: string[] }} keys visited, then unique file paths
 */
export function collectStaticClosure(manifest, startKeys) {
  /** @type {Set<string>} */
  const visited = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  const stack = [...startKeys].reverse();
  while (stack.length > 0) {
    const key = /** @type {string} */ (stack.pop());
    if (visited.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk "${key}".`);
    visited.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    stack.push(...[...(chunk.imports ?? [])].reverse());
  }
  const chunks = [...visited];
  const js = [...new Set(chunks.map((key) => /** @type {ManifestChunk} */ (manifest[key]).file))];
  return { chunks, js, css: [...css] };
}

/**
 * What /login needs: the entry with its static imports, then the login route module with its own.
 * @param {Manifest} manifest
 * @param {string} [loginSrc]
 * @returns {{ js: string[], css: string[] }}
 */
export function loginDownloadSet(manifest, loginSrc = LOGIN_ROUTE_SRC) {
  if (!manifest[loginSrc]) throw new Error(`The manifest has no chunk for the login route module (${loginSrc}).`);
  const { js, css } = collectStaticClosure(manifest, [findEntryKey(manifest), loginSrc]);
  return { js, css };
}

/**
 * Same-origin scripts and stylesheets that index.html loads itself (e.g. public/theme-init.js, which
 * the manifest does not list), as paths relative to dist.
 * @param {string} html
 * @returns {string[]}
 */
export function findHtmlAssetPaths(html) {
  /** @type {string[]} */
  const paths = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/\brel=["']?(?:stylesheet|modulepreload)\b/i.test(tag)) continue;
    const url = tag.match(isLink ? /\bhref=["']([^"']+)["']/i : /\bsrc=["']([^"']+)["']/i)?.[1];
    if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) continue;
    paths.push(url.replace(/^\.?\//, '').replace(/[?#].*$/, ''));
  }
  return [...new Set(paths)];
}

/**
 * @param {Uint8Array | string} content
 * @returns {number} bytes after gzip level 9
 */
export function gzipSize(content) {
  return gzipSync(content, { level: 9 }).byteLength;
}

/**
 * @param {number} bytes
 * @returns {string} e.g. "12,345"
 */
export function formatBytes(bytes) {
  return bytes.toLocaleString('en-US');
}

/**
 * A plain-text table; numeric columns right-aligned.
 * @param {string[]} headers
 * @param {(string | number)[][]} rows
 * @returns {string}
 */
export function formatTable(headers, rows) {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatBytes(cell) : cell)));
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  /** @param {string[]} row */
  const line = (row) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
