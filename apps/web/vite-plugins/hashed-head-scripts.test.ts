import { describe, expect, it } from 'vitest';

import { hashedScriptName, pointScriptsAtCopies } from './hashed-head-scripts';

describe('hashed head scripts (issue 20)', () => {
  it('names a copy by its content: the same content the same name, any change a new one', () => {
    const name = hashedScriptName('theme-init.js', 'document.documentElement.classList.add("dark");');
    expect(name).toMatch(/^assets\/theme-init-[0-9a-f]{10}\.js$/);
    expect(hashedScriptName('theme-init.js', 'document.documentElement.classList.add("dark");')).toBe(name);
    expect(hashedScriptName('theme-init.js', 'document.documentElement.classList.add("light");')).not.toBe(name);
  });

  it('points index.html at the copies, which the server keeps for a year instead of revalidating', () => {
    const html = '<head><script src="/theme-init.js"></script><script type="module" src="/assets/index-1.js"></script></head>';
    expect(pointScriptsAtCopies(html, new Map([['theme-init.js', 'assets/theme-init-0123456789.js']]))).toBe(
      '<head><script src="/assets/theme-init-0123456789.js"></script><script type="module" src="/assets/index-1.js"></script></head>',
    );
  });

  it('fails the build when index.html no longer loads a script it names', () => {
    expect(() => pointScriptsAtCopies('<head></head>', new Map([['theme-init.js', 'assets/theme-init-0123456789.js']]))).toThrow(
      'index.html loads no <script src="/theme-init.js">',
    );
  });
});
