// Node's libuv thread pool, sized before anything uses it (ADR 034). DuckDB's Node binding holds one
// pool thread for every query or append while it runs, and the pool (4 threads by default) also
// serves DNS lookups, file reads, zlib and crypto: four long analytics queries or demo-load appends
// left a sign-in link's DNS lookup of the SMTP host waiting seconds. libuv reads the variable once,
// when the pool first starts, and an ES module entry is itself read through the pool, so this runs
// from a CommonJS entry (scripts/start.cjs) or as a preload (`node -r ./scripts/threadpool.cjs`).
// An operator's own UV_THREADPOOL_SIZE wins.
const THREADPOOL_SIZE = 16;
process.env.UV_THREADPOOL_SIZE ??= String(THREADPOOL_SIZE);
module.exports = { THREADPOOL_SIZE };
