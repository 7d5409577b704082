import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 19: the product's documentation is docs/product/. The documents it replaced lived outside
// the repository, so a file outside docs/ that still cites them points a newcomer at nothing.
const root = fileURLToPath(new URL('..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url));

/** The old documents' names, as the code used to cite them (SPEC.md, "SPEC section 4", SECURITY-CASES 12). */
const oldReference = /\b(?:SPEC|DESIGN|CONTRACT)\.md\b|\bSECURITY-CASES\b|\bSPEC\b/;

/** `file:line: text` for every line of a file outside docs/ that cites one of the old documents. */
function findOldReferences(files, read) {
  const found = [];
  for (const file of files) {
    if (file.startsWith('docs/') || file === self) continue;
    const text = read(file);
    if (text === null || text.includes('\0')) continue;
    text.split('\n').forEach((line, index) => {
      if (oldReference.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

function readText(file) {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    return null; // deleted in the work tree
  }
}

describe('references to the product documentation', () => {
  it('finds a citation of an old document outside docs/, and none inside it', () => {
    const files = {
      'apps/web/src/a.ts': '// The route table of SPEC.md section 2.',
      'apps/web/src/b.ts': "it('is case 12 (SECURITY-CASES 12)')",
      'README.md': 'The routing rules (SPEC section\n4) are one function.',
      'apps/server/src/c.ts': '// docs/product/rules-and-messages.md#errors: the SPECIFIC text.',
      'docs/product/README.md': 'Older commits cite SPEC.md and CONTRACT.md.',
    };
    expect(findOldReferences(Object.keys(files), (file) => files[file])).toEqual([
      'apps/web/src/a.ts:1: // The route table of SPEC.md section 2.',
      "apps/web/src/b.ts:1: it('is case 12 (SECURITY-CASES 12)')",
      'README.md:1: The routing rules (SPEC section',
    ]);
  });

  it('leaves no file outside docs/ citing them: they point at docs/product/ instead', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
      .toString()
      .split('\0')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    expect(findOldReferences(files, readText)).toEqual([]);
  });
});
