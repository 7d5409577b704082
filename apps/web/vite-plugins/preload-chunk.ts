// ADR 024, amendment 5: the entry chunk is small and loads the app (src/app/start.tsx) with a dynamic
// import once a returning visitor's first calls have left. So that waiting costs no download or
// compile, index.html preloads the app's chunk and every chunk it imports statically, as Vite does
// for the entry's own imports: the browser fetches and compiles them while the session is restored,
// and evaluates them only when the entry asks. scripts/size-budget.mjs counts what index.html loads,
// these included.
import type { Plugin } from 'vite';

/** The chunks a build's bundle describes: file name, source module, static imports. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
}

/** `fileName`'s chunk and all it imports statically, the chunk first, each once. */
export function staticClosure(bundle: Readonly<Record<string, ChunkInfo | { type: 'asset' }>>, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return [...seen];
}

/** index.html with a modulepreload link for each of `files` it does not load already, at the end of its head. */
export function addModulePreloads(html: string, files: readonly string[], base = '/'): string {
  const links = files
    .map((file) => `${base}${file}`)
    .filter((href) => !html.includes(`"${href}"`))
    .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
    .join('');
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', `${links}  </head>`);
}

/**
 * index.html with its entry module script marked `async`: it runs as soon as it and its imports are
 * loaded, not once the whole document is parsed, so a returning visitor's first calls are ready to
 * leave before the session's token is back. The entry must not assume the document is parsed.
 */
export function runEntryEarly(html: string): string {
  const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/u;
  if (!tag.test(html)) throw new Error('index.html has no entry module script');
  return html.replace(tag, '<script type="module" async crossorigin src="$1"></script>');
}

/** The build plugin: `moduleSuffix` names the source module whose chunk index.html preloads (`/src/app/start.tsx`). */
export function preloadChunk(moduleSuffix: string): Plugin {
  let base = '/';
  return {
    name: 'questboard:preload-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {}) as Record<string, ChunkInfo | { type: 'asset' }>;
        const chunk = Object.values(bundle).find(
          (file): file is ChunkInfo => file.type === 'chunk' && (file.facadeModuleId?.endsWith(moduleSuffix) ?? false),
        );
        if (!chunk) throw new Error(`The build has no chunk for ${moduleSuffix}`);
        return runEntryEarly(addModulePreloads(html, staticClosure(bundle, chunk.fileName), base));
      },
    },
  };
}
