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
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own app and databases; two cores, so keep the pool small.
          maxWorkers: 2,
        },
      },
    ],
  },
});
