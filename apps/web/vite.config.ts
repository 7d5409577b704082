import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ProxyOptions } from 'vite';

import { hashedHeadScripts } from './vite-plugins/hashed-head-scripts.ts';
import { preloadChunk } from './vite-plugins/preload-chunk.ts';

// Paths served by the API process, never by the single-page app. `/auth/v1` only: `/auth/callback`
// is an app route. Under `npm run dev` the API listens on QB_API_PORT (3001) and Vite on 3000.
const API_PREFIXES = ['/core', '/auth/v1', '/ingest', '/api', '/healthz', '/readyz', '/dev'];
const apiTarget = `http://127.0.0.1:${process.env.QB_API_PORT ?? '3001'}`;

// Keys starting with ^ are regular expressions: match the whole segment so `/dev` does not
// swallow a future `/devices` page or `/api` an `/apis` one.
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [`^${prefix}(?:[/?#]|$)`, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), hashedHeadScripts(['theme-init.js', 'session-restore.js']), preloadChunk('/src/app/start.tsx')],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/size-report.mjs and scripts/size-budget.mjs read it.
    manifest: true,
  },
});
