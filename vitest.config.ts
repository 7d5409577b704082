import { defineConfig } from 'vitest/config';

// One Vitest config, three projects: `unit` (node), `web` (jsdom) and `integration` (real databases).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // One process for every file, modules loaded once: these tests keep no state between
          // files (none mocks a module), and a process per file was 40% of the step's CPU (ADR 018,
          // fifth revision).
          isolate: false,
          restoreMocks: true,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // The VM pool loads packages itself, following their export conditions: react-router/dom's
        // `node` entry is CommonJS that requires react-router's ES module build, which it cannot.
        // Resolve packages as the browser build does instead.
        resolve: { conditions: ['module', 'browser', 'development'] },
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
          setupFiles: ['./src/testing/setup-tests.ts'],
          // ADR 018, fourth revision: each file still gets its own jsdom window and its own copy of
          // every module (a fresh VM context per file), but a worker loads jsdom and Vitest once
          // instead of once per file: under two fifths of the CPU time. With one worker Vitest would
          // run all files in a single VM context (its VM pools never isolate), so two workers.
          pool: 'vmThreads',
          maxWorkers: 2,
          // Another maxWorkers than the unit project's, so its own group when both run together.
          sequence: { groupOrder: 1 },
          // A test's time limit, like the queries' waits in setup-tests.ts, leaves room for a slow,
          // busy machine (ADR 018, eighth revision: a form test took 15 s beside the first stage on a
          // machine half as fast): a passing test takes no longer than before; only a hung one
          // reports later.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Room for a machine half as fast as usual (ADR 018, eighth revision): a passing test takes
          // no longer; only a hung one reports later.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own app and databases; two cores, so keep the pool small.
          maxWorkers: 2,
          // A worker runs its files one after another in one process, with the modules they import
          // loaded once: every app and store a test opens is its own instance (the server keeps no
          // state at module level but WeakMaps keyed by an instance, ADR 032), so a fresh process
          // per file only paid imports again and JIT warm-up (90 s of CPU a run, ADR 018, fifth
          // revision). The one thing a worker keeps between tests on purpose is its PGlite,
          // emptied (test/pglite-pool.ts, sixth revision). Spies are restored after each test.
          isolate: false,
          restoreMocks: true,
        },
      },
    ],
  },
});
