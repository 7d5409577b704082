// `npm start`'s entry: sizes the thread pool before any module is loaded (threadpool.cjs, ADR 034),
// then runs start.mjs: the configuration check, the web build when stale, and the product. A
// failure there is an unhandled rejection: Node prints it and exits with code 1.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS entry, so nothing is read through the pool first
require('./threadpool.cjs');
void import('./start.mjs');
