// After `vite build`: write .br and .gz beside every text asset so the server sends them as they
// are (no compression work per request). Runs as part of the web build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { webDist } from './lib/web-build.mjs';

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(webDist)) {
  if (!compressible.has(path.extname(file)) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  count += 1;
}
console.log(`Pre-compressed ${count} files (brotli and gzip).`);
