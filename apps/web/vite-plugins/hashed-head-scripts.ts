// Issue 20: a returning visitor's page must not wait for a server round trip before the app starts.
// A classic script in <head> (public/theme-init.js: it sets the theme before first paint) blocks the
// parser, and served from public/ under a fixed name it is revalidated (Cache-Control: no-cache) on
// every load. At build time each such script is copied to assets/ under a content hash, which the
// server serves as immutable (apps/server/src/plugins/web-app.ts), and index.html points at the copy.
// The dev server keeps serving public/ as it is.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** assets/{name}-{hash}.js: the first 10 hex digits of the content's SHA-256. */
export function hashedScriptName(file: string, content: Buffer | string): string {
  const { name, ext } = path.parse(file);
  return `assets/${name}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}${ext}`;
}

/** index.html with each `<script src="/{file}">` pointing at its hashed copy; throws when one is missing. */
export function pointScriptsAtCopies(html: string, copies: ReadonlyMap<string, string>): string {
  let result = html;
  for (const [file, copy] of copies) {
    const tag = new RegExp(`(<script\\b[^>]*\\bsrc=["'])/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(["'])`);
    if (!tag.test(result)) throw new Error(`index.html loads no <script src="/${file}">`);
    result = result.replace(tag, `$1/${copy}$2`);
  }
  return result;
}

/** The build plugin: `files` are names in the public directory that index.html loads as classic scripts. */
export function hashedHeadScripts(files: readonly string[]): Plugin {
  const copies = new Map<string, string>();
  let publicDir = '';
  return {
    name: 'questboard:hashed-head-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      for (const file of files) {
        const source = fs.readFileSync(path.join(publicDir, file));
        const fileName = hashedScriptName(file, source);
        copies.set(file, fileName);
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    transformIndexHtml: { order: 'post', handler: (html) => pointScriptsAtCopies(html, copies) },
  };
}
