import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import {
  collectStaticClosure,
  findEntryKey,
  findHtmlAssetPaths,
  findRouteModuleKeys,
  formatTable,
  gzipSize,
  loginDownloadSet,
} from './bundle-size.mjs';

/** Shaped like a real Vite 8 manifest: route chunks import the entry back, shared chunks are `_x.js`. */
const manifest = {
  '_runtime.js': { file: 'assets/runtime.js' },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_card.js': { file: 'assets/card.js', imports: ['index.html', '_react.js'], css: ['assets/card.css'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_runtime.js'] },
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_runtime.js', '_react.js'],
    dynamicImports: ['src/features/auth/routes/login.tsx', 'src/features/projects/routes/analytics.tsx'],
    css: ['assets/index.css'],
  },
  'src/features/auth/routes/login.tsx': {
    file: 'assets/login.js',
    src: 'src/features/auth/routes/login.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_card.js'],
  },
  'src/features/projects/routes/analytics.tsx': {
    file: 'assets/analytics.js',
    src: 'src/features/projects/routes/analytics.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_card.js'],
    dynamicImports: ['_chart.js'],
  },
  'node_modules/some-lib/lazy.js': { file: 'assets/lazy.js', isDynamicEntry: true },
};

describe('collectStaticClosure', () => {
  it.each([
    ['a leaf chunk', ['_runtime.js'], ['assets/runtime.js'], []],
    [
      'the entry: its static imports, not its lazy routes',
      ['index.html'],
      ['assets/index.js', 'assets/runtime.js', 'assets/react.js'],
      ['assets/index.css'],
    ],
    [
      'a route that imports the entry back (a cycle)',
      ['src/features/auth/routes/login.tsx'],
      ['assets/login.js', 'assets/index.js', 'assets/runtime.js', 'assets/react.js', 'assets/card.js'],
      ['assets/index.css', 'assets/card.css'],
    ],
    [
      'a route with a lazy import, which is not followed',
      ['src/features/projects/routes/analytics.tsx'],
      ['assets/analytics.js', 'assets/index.js', 'assets/runtime.js', 'assets/react.js', 'assets/card.js'],
      ['assets/index.css', 'assets/card.css'],
    ],
    ['nothing', [], [], []],
  ])('%s', (_case, start, js, css) => {
    const closure = collectStaticClosure(manifest, start);
    expect(closure.js).toEqual(js);
    expect(closure.css).toEqual(css);
  });

  it('fails loudly on a key the manifest does not have', () => {
    expect(() => collectStaticClosure(manifest, ['_missing.js'])).toThrow('_missing.js');
  });
});

describe('loginDownloadSet', () => {
  it('is the entry closure plus the login closure, each file once', () => {
    expect(loginDownloadSet(manifest)).toEqual({
      js: ['assets/index.js', 'assets/runtime.js', 'assets/react.js', 'assets/login.js', 'assets/card.js'],
      css: ['assets/index.css', 'assets/card.css'],
    });
  });

  it('fails when the login route module is not in the manifest', () => {
    expect(() => loginDownloadSet(manifest, 'src/features/auth/routes/sign-in.tsx')).toThrow(/login route module/);
  });
});

describe('findEntryKey and findRouteModuleKeys', () => {
  it.each([
    ['prefers index.html', manifest, 'index.html'],
    ['else the first entry', { 'main.ts': { file: 'a.js', isEntry: true } }, 'main.ts'],
  ])('entry: %s', (_case, input, expected) => {
    expect(findEntryKey(input)).toBe(expected);
  });

  it('throws without an entry', () => {
    expect(() => findEntryKey({ '_a.js': { file: 'a.js' } })).toThrow(/no entry/);
  });

  it('lists the app’s lazy route modules, sorted, without library chunks', () => {
    expect(findRouteModuleKeys(manifest)).toEqual([
      'src/features/auth/routes/login.tsx',
      'src/features/projects/routes/analytics.tsx',
    ]);
  });
});

describe('findHtmlAssetPaths', () => {
  it.each([
    ['a classic script from public/', '<script src="/theme-init.js"></script>', ['theme-init.js']],
    [
      'the module entry',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      ['assets/index-abc.js'],
    ],
    ['a stylesheet', '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">', ['assets/index-abc.css']],
    ['a module preload', "<link rel='modulepreload' href='./assets/react.js'>", ['assets/react.js']],
    ['an icon (not JS or CSS)', '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />', []],
    ['an inline script', '<script>1</script>', []],
    [
      'another origin',
      '<script src="https://cdn.example/x.js"></script><script src="//cdn.example/y.js"></script>',
      [],
    ],
    ['a query string', '<script src="/theme-init.js?v=2"></script>', ['theme-init.js']],
    ['duplicates', '<script src="/a.js"></script><script src="/a.js"></script>', ['a.js']],
  ])('%s', (_case, html, expected) => {
    expect(findHtmlAssetPaths(html)).toEqual(expected);
  });
});

describe('gzipSize', () => {
  it.each([
    ['empty', ''],
    ['repetitive text', 'a'.repeat(10_000)],
    ['bytes', new Uint8Array([1, 2, 3, 4, 5])],
  ])('is the length of the level-9 gzip stream of %s', (_case, content) => {
    const stream = gzipSync(content, { level: 9 });
    expect(gzipSize(content)).toBe(stream.byteLength);
    expect(gunzipSync(stream)).toEqual(Buffer.from(content));
  });
});

describe('formatTable', () => {
  it('aligns text left and byte counts right, with thousands separators', () => {
    expect(
      formatTable(
        ['module', 'gzip'],
        [
          ['a', 1234],
          ['longer', 5],
        ],
      ),
    ).toBe(['module   gzip', '------  -----', 'a       1,234', 'longer      5'].join('\n'));
  });
});
