import { describe, expect, it } from 'vitest';

import { addModulePreloads, runEntryEarly, staticClosure, type ChunkInfo } from './preload-chunk';

const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null): ChunkInfo => ({ type: 'chunk', fileName, facadeModuleId, imports });

describe('the app chunk preloaded by index.html (ADR 024, amendment 5)', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/api.js'], '/repo/src/main.tsx'),
    'assets/start.js': chunk('assets/start.js', ['assets/react.js', 'assets/api.js'], '/repo/src/app/start.tsx'),
    'assets/react.js': chunk('assets/react.js', ['assets/runtime.js']),
    'assets/api.js': chunk('assets/api.js', ['assets/runtime.js']),
    'assets/runtime.js': chunk('assets/runtime.js'),
    'assets/index.css': { type: 'asset' as const },
  };

  it('takes the chunk and everything it imports statically, each once', () => {
    expect(staticClosure(bundle, 'assets/start.js')).toEqual(['assets/start.js', 'assets/react.js', 'assets/runtime.js', 'assets/api.js']);
  });

  it('adds a modulepreload link for each file the page does not load already', () => {
    const html = '<html><head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/api.js">\n  </head></html>';
    const result = addModulePreloads(html, ['assets/start.js', 'assets/api.js', 'assets/index.js'], '/');
    expect(result.match(/modulepreload/g)).toHaveLength(2);
    expect(result).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js">\n  </head>');
  });

  it('marks the entry script async: it runs once loaded, not once the document is parsed', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index.js"></script></head>';
    expect(runEntryEarly(html)).toBe('<head><script type="module" async crossorigin src="/assets/index.js"></script></head>');
  });

  it('fails the build when the page has no entry script or no head', () => {
    expect(() => runEntryEarly('<head></head>')).toThrow('no entry module script');
    expect(() => addModulePreloads('<body></body>', ['assets/start.js'])).toThrow('no </head>');
  });
});
