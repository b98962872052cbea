/**
 * `npm run bench`: every scenario in its own process, one after the other, then the table of
 * figures (target and verdict where issue 7 sets one) and bench/results.json.
 *
 *   npm run bench                         all scenarios (about 1.5 minutes on 2 cores)
 *   npm run bench -- --only=book,server   some of them: book, exchange, server, web, growth
 *   npm run bench -- --profile            also write V8 CPU profiles to bench/profiles/ and summarise them
 */
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario, type ScenarioReport } from './lib/child.js';
import { profilesIn, summarize } from './lib/profile.js';
import { figure, printTable, type Figure } from './lib/results.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');

const SCENARIOS = [
  { name: 'book', file: 'scenario-book.ts', title: '1. engine alone (one book, plan + apply)', timeoutMs: 90_000 },
  { name: 'exchange', file: 'scenario-exchange.ts', title: '2. exchange + SQLite file, no network', timeoutMs: 120_000 },
  { name: 'server', file: 'scenario-server.ts', title: '3–4. full path: server here, load generator in its own process', timeoutMs: 360_000 },
  { name: 'web', file: 'scenario-web.ts', title: '5. web app first load (vite build into a temporary folder)', timeoutMs: 120_000 },
  { name: 'growth', file: 'scenario-growth.ts', title: '6. growth: a season of data (S and L) and a full evening of fans', timeoutMs: 900_000 },
] as const;

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const profile = args.includes('--profile');
const profileRoot = join(here, 'profiles');
if (profile) rmSync(profileRoot, { recursive: true, force: true });

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
const loadAtStart = loadavg()[0]!;
console.log(`Hoops Exchange benchmark — ${machine}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

const figures: Figure[] = [];
const notes: string[] = [];
let failed = false;
const started = performance.now();
for (const s of SCENARIOS) {
  if (only && !only.includes(s.name)) continue;
  const t0 = performance.now();
  process.stdout.write(`${s.title} … `);
  try {
    const report: ScenarioReport = await runScenario(join(here, s.file), {
      timeoutMs: s.timeoutMs,
      ...(profile ? { profileDir: join(profileRoot, s.name) } : {}),
    });
    figures.push(...report.figures);
    notes.push(...report.notes);
    console.log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    figures.push({ figure: `${s.name}: scenario failed`, target: '-', measured: message, unit: '-', pass: false });
    console.log(`FAILED: ${message}`);
  }
}
figures.push(
  figure('machine: cores', cpus().length, 'cores'),
  figure('machine: load average (1 min) at start / end', `${loadAtStart.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`, '-'),
  figure('bench: total run time', (performance.now() - started) / 1000, 's', { text: '< 600', check: (m) => m < 600 }),
);

console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
console.log(printTable(figures));
writeFileSync(join(here, 'results.json'), `${JSON.stringify(figures, null, 2)}\n`);
console.log(`\nWritten to bench/results.json (${machine}).`);

if (profile) {
  for (const file of profilesIn(profileRoot)) console.log(`\n${summarize(file, root)}`);
}
if (failed) process.exitCode = 1;
