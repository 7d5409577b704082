// `npm test`: every gate, stopping at the first failure: type check, lint, unit tests, web (jsdom)
// tests and the web build side by side, then the size budget, integration tests (PGlite and PostgreSQL 15) and
// end-to-end tests (Chromium). Ends with a table of each step's time and one line counting every
// test that ran.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatStepTimes } from './lib/step-times.mjs';
import { repoRoot } from './lib/web-build.mjs';

const reports = path.join(repoRoot, 'test-results');
fs.mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const vitestReport = (name) => path.join(reports, `vitest-${name}.json`);
const e2eReport = path.join(reports, 'e2e-report.json');

// Each stage's steps run side by side (ADR 018). Type check, lint and unit tests leave cores idle on
// their own (tsc and each ESLint run are one process; the jsdom tests wait on timers and polling), so on
// two cores they finish together sooner than one after the other; the web build, a few seconds of
// CPU, fits beside them. The node unit tests and the jsdom web tests are two Vitest runs (one worker
// for the node tests, two VM workers for the jsdom tests, vitest.config.ts): as one run they shared
// one worker, and the node tests no longer wait behind the web tests on one core while the other is idle. The rest are alone: they fill both cores (the integration tests beside the
// end-to-end tests made the browser journeys twice as slow, ADR 018).
const stages = [
  [
    ['type check', 'node', ['scripts/typecheck.mjs']],
    // ESLint in two processes, the web app and the rest: one process ran alone for the stage's last
    // half minute while the other core idled. Each builds the TypeScript programs of what it lints.
    ['lint', bin('eslint'), ['--max-warnings', '0', '--ignore-pattern', 'apps/web/**', '.']],
    ['lint (web)', bin('eslint'), ['--max-warnings', '0', 'apps/web']],
    ['unit tests', bin('vitest'), ['run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport('unit')}`]],
    ['web tests', bin('vitest'), ['run', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport('web')}`]],
    ['web build', 'node', ['-e', "import('./scripts/lib/web-build.mjs').then((m) => m.ensureWebBuild())"]],
  ],
  [['size budget', 'node', ['scripts/size-budget.mjs']]],
  [['integration tests', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport('integration')}`]]],
  [['end-to-end tests', 'node', ['scripts/e2e.mjs']]],
];

for (const file of [vitestReport('unit'), vitestReport('web'), vitestReport('integration'), e2eReport]) fs.rmSync(file, { force: true });

function counts() {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit', 'web', 'integration']) {
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

const running = new Set();
const leaders = new WeakSet();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) stop(child);
    process.exit(1);
  });
}
/** Ends a step; one beside another with whatever it started. */
function stop(child) {
  try {
    if (leaders.has(child)) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * Runs one step. Alone, its output goes straight to the terminal; beside another step, its output
 * is held and printed whole when it ends, so the two never interleave.
 */
function run([name, command, args], { alone }) {
  const began = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  const env = alone || !process.stdout.isTTY ? process.env : { FORCE_COLOR: '1', ...process.env };
  // Beside another step it leads its own process group, so stopping it stops what it started.
  const child = spawn(command, args, { cwd: repoRoot, env, detached: !alone, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  if (!alone) leaders.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const result = new Promise((resolve) => {
    child.on('close', (code) => {
      running.delete(child);
      if (!alone) process.stdout.write(`\n▶ ${name}\n${output}`);
      resolve({ name, child, ok: code === 0, seconds: (Date.now() - began) / 1000 });
    });
  });
  return { child, result };
}

const times = [];
const startedAt = Date.now();
const totalSeconds = () => (Date.now() - startedAt) / 1000;

for (const stage of stages) {
  const alone = stage.length === 1;
  const started = stage.map((step) => run(step, { alone }));
  let failure;
  for await (const finished of inOrderOfEnding(started.map((s) => s.result))) {
    if (!finished.ok && !failure) {
      failure = finished;
      for (const { child } of started) if (child !== finished.child) stop(child);
    }
    const outcome = finished.ok ? 'passed' : failure === finished ? 'failed' : 'stopped';
    if (outcome === 'passed') console.log(`✔ ${finished.name} (${finished.seconds.toFixed(1)} s)`);
    if (outcome === 'failed') console.error(`\n✖ ${finished.name} failed after ${finished.seconds.toFixed(1)} s`);
    const others = stage.map(([name]) => name).filter((name) => name !== finished.name);
    times.push({ name: finished.name, seconds: finished.seconds, outcome, alongside: others.join(' and ') || undefined });
  }
  if (failure) {
    const { passed, failed } = counts();
    console.log(`\n${formatStepTimes(times, totalSeconds())}`);
    console.log(`Tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
}

/** The results of `promises`, each as soon as it settles. */
async function* inOrderOfEnding(promises) {
  const pending = new Map(promises.map((promise, index) => [index, promise.then((value) => ({ index, value }))]));
  while (pending.size > 0) {
    const { index, value } = await Promise.race(pending.values());
    pending.delete(index);
    yield value;
  }
}

const { passed, failed } = counts();
console.log(`\nEvery gate passed in ${totalSeconds().toFixed(0)} s.`);
console.log(`\n${formatStepTimes(times, totalSeconds())}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
