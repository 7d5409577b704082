// `npm test`: every gate in order, stopping at the first failure: type check, lint, unit tests,
// web build + size budget, integration tests (PGlite and PostgreSQL 15), end-to-end tests (Chromium).
// Ends with one line counting every test that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/web-build.mjs';

const reports = path.join(repoRoot, 'test-results');
fs.mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const vitestReport = (name) => path.join(reports, `vitest-${name}.json`);
const e2eReport = path.join(reports, 'e2e-report.json');

const steps = [
  ['type check', 'node', ['scripts/typecheck.mjs']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['unit tests', bin('vitest'), ['run', '--project', 'unit', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport('unit')}`]],
  ['web build', 'node', ['-e', "import('./scripts/lib/web-build.mjs').then((m) => m.ensureWebBuild())"]],
  ['size budget', 'node', ['scripts/size-budget.mjs']],
  ['integration tests', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport('integration')}`]],
  ['end-to-end tests', 'node', ['scripts/e2e.mjs']],
];

for (const file of [vitestReport('unit'), vitestReport('integration'), e2eReport]) fs.rmSync(file, { force: true });

function counts() {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit', 'integration']) {
    if (!fs.existsSync(vitestReport(name))) continue;
    const report = JSON.parse(fs.readFileSync(vitestReport(name), 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (fs.existsSync(e2eReport)) {
    const { stats } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

const startedAt = Date.now();
for (const [name, command, args] of steps) {
  const began = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  if (result.status !== 0) {
    const { passed, failed } = counts();
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    console.log(`Tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
const { passed, failed } = counts();
console.log(`\nEvery gate passed in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
