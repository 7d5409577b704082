// `npm run bench`: the performance benchmarks. Prints a table and writes bench/results/*.json.
// Never part of `npm test` (CONTRACT.md).
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { repoRoot } from './lib/web-build.mjs';

register();
const { runProjectsBench } = await import('../bench/projects.bench.ts');

const { database, results } = await runProjectsBench();
const target = 20;
console.log(`\nProjects over HTTP, 10,000 projects in one organisation, ${database} (milliseconds; target p95 < ${target} ms)\n`);
const header = ['case', 'requests', 'p50', 'p95', 'p99', 'mean', 'max', 'p95 target'];
const rows = results.map((r) => [r.case, r.requests, r.p50, r.p95, r.p99, r.mean, r.max, r.p95 < target ? 'met' : 'MISSED'].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));

const dir = path.join(repoRoot, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `projects-${database}.json`);
fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, database, targetP95Ms: target, results }, null, 2)}\n`);
console.log(`\nWrote ${path.relative(repoRoot, file)}`);
