import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { liveDefinition, liveDefinitions } from './live-definitions';

// The page's table, with Markdown's escaped pipes read back as pipes.
const page = readFileSync(new URL('../../../docs/product/live-ops.md', import.meta.url), 'utf8').replaceAll('\\|', '|');

describe('live-ops definitions', () => {
  it('are the words of docs/product/live-ops.md, each once', () => {
    expect(new Set(liveDefinitions.map((definition) => definition.key)).size).toBe(liveDefinitions.length);
    for (const { name, definition } of liveDefinitions) {
      const quote = definition.includes("'") ? `"${definition}"` : `'${definition}'`;
      expect(page).toContain(`| ${name} | ${quote} |`);
    }
  });

  it('say what the evaluation does', () => {
    expect(liveDefinition('rollout').definition).toContain('Raising the percentage only adds players');
    expect(liveDefinition('live-events').definition).toContain('from its start (included) to its end (excluded)');
  });
});
