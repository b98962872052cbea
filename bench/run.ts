/**
 * `npm run bench`: every scenario in its own process, one after the other, then the table of
 * figures (target and verdict where one is set) and bench/results.json. Exits non-zero when a
 * scenario fails or any figure misses its target.
 *
 *   npm run bench                               all scenarios (about 2 minutes on 2 cores)
 *   npm run bench -- --only=book,server         some scenarios: book, exchange, server, web, growth, leagues, evening
 *   npm run bench -- --only=server:ws,rest      some phases of a scenario (with others: --only=book,server:crowd)
 *   npm run bench -- --list                     the scenarios and their phases
 *   npm run bench -- --profile                  also write V8 CPU profiles to bench/profiles/ and summarise them (per phase window)
 *
 * A scenario is a file that reports `{ figures, notes }` (lib/child.ts sendReport) and, if it has
 * phases, runs those named in BENCH_PHASES (all when unset). Adding one is adding a line below.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario, type ScenarioReport } from './lib/child.js';
import { serverAllocator } from './lib/allocator.js';
import { dataRoot, filesystemOf, makeDataDir } from './lib/data-dir.js';
import { profilesIn, summarize, windowsIn } from './lib/profile.js';
import { failures, figure, printTable, type Figure } from './lib/results.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');

interface Scenario {
  name: string;
  file: string;
  title: string;
  timeoutMs: number;
  /** Its phases, in the order it runs them; empty when it has none. */
  phases: readonly string[];
}

const SCENARIOS: readonly Scenario[] = [
  { name: 'book', file: 'scenario-book.ts', title: '1. engine alone (one book, plan + apply)', timeoutMs: 90_000, phases: [] },
  { name: 'exchange', file: 'scenario-exchange.ts', title: '2. exchange + SQLite file, no network', timeoutMs: 120_000, phases: [] },
  {
    name: 'server',
    file: 'scenario-server.ts',
    title: '3–4. full path: server here, load generator in its own process',
    timeoutMs: 420_000,
    phases: ['echo', 'trpc', 'ws', 'rest', 'one', 'subs', 'open', 'crowd', 'fanout', 'reads'],
  },
  { name: 'web', file: 'scenario-web.ts', title: '5. web app first load (vite build into a temporary folder)', timeoutMs: 120_000, phases: [] },
  { name: 'growth', file: 'scenario-growth.ts', title: '6. growth: a season of data (S and L) and a full evening of fans', timeoutMs: 900_000, phases: [] },
  {
    name: 'leagues',
    file: 'scenario-leagues.ts',
    title: '7. leagues: 100 leagues of 20 members in one server',
    timeoutMs: 900_000,
    phases: ['startup', 'memory', 'idle', 'orders'],
  },
  { name: 'evening', file: 'scenario-evening.ts', title: '8. a hosted evening: 100 friend groups on one small server', timeoutMs: 600_000, phases: [] },
];

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const s of SCENARIOS) console.log(`${s.name.padEnd(10)} ${s.title}${s.phases.length ? `\n${' '.repeat(11)}phases: ${s.phases.join(', ')}` : ''}`);
  process.exit(0);
}

/**
 * `--only=a,b:p,b:q` → scenario a (all of it) and phases p and q of scenario b; `b:p,q` says the
 * same (a name that is no scenario is a phase of the scenario named before it); null: everything.
 */
function parseOnly(arg: string | undefined): Map<string, string[] | null> | null {
  if (!arg) return null;
  const picked = new Map<string, string[] | null>();
  let previous: string | undefined;
  for (const item of arg.split(',').filter(Boolean)) {
    let [name, phase] = item.split(':') as [string, string | undefined];
    if (phase === undefined && previous !== undefined && !SCENARIOS.some((s) => s.name === name)) [name, phase] = [previous, name];
    const scenario = SCENARIOS.find((s) => s.name === name);
    if (!scenario) throw new Error(`--only: no scenario "${name}" (${SCENARIOS.map((s) => s.name).join(', ')})`);
    previous = phase === undefined ? undefined : name;
    if (phase === undefined) {
      picked.set(name, null);
      continue;
    }
    if (!scenario.phases.includes(phase)) throw new Error(`--only: scenario "${name}" has no phase "${phase}" (${scenario.phases.join(', ') || 'none'})`);
    const phases = picked.get(name);
    if (phases === null) continue;
    picked.set(name, [...(phases ?? []), phase]);
  }
  return picked;
}

const only = parseOnly(args.find((a) => a.startsWith('--only='))?.slice('--only='.length));
const profile = args.includes('--profile');
const profileRoot = join(here, 'profiles');
if (profile) rmSync(profileRoot, { recursive: true, force: true });

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
const loadAtStart = loadavg()[0]!;
// The filesystem the scenarios' databases live on: fsync's cost depends on it.
const probe = makeDataDir('probe-');
const filesystem = filesystemOf(probe);
rmSync(probe, { recursive: true, force: true });
console.log(
  `Hoops Exchange benchmark — ${machine}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; data in ${relative(root, dataRoot()) || '.'} (${filesystem})\n`,
);

const figures: Figure[] = [];
const notes: string[] = [];
let scenarioFailed = false;
const started = performance.now();
for (const s of SCENARIOS) {
  if (only && !only.has(s.name)) continue;
  const phases = only?.get(s.name) ?? null;
  const t0 = performance.now();
  process.stdout.write(`${s.title}${phases ? ` (${phases.join(', ')})` : ''} … `);
  try {
    const report: ScenarioReport = await runScenario(join(here, s.file), {
      timeoutMs: s.timeoutMs,
      ...(phases ? { env: { BENCH_PHASES: phases.join(',') } } : {}),
      ...(profile ? { profileDir: join(profileRoot, s.name) } : {}),
    });
    figures.push(...report.figures);
    notes.push(...report.notes);
    console.log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } catch (error) {
    scenarioFailed = true;
    const message = error instanceof Error ? error.message : String(error);
    figures.push({ figure: `${s.name}: scenario failed`, target: '-', measured: message, unit: '-', pass: false });
    console.log(`FAILED: ${message}`);
  }
}
figures.push(
  figure('machine: cores', cpus().length, 'cores'),
  figure('machine: load average (1 min) at start / end', `${loadAtStart.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`, '-'),
  figure(`machine: filesystem of the data folder (${relative(root, dataRoot()) || '.'})`, filesystem, '-'),
  figure('machine: memory allocator of the spawned servers (growth, leagues, evening)', serverAllocator().name, '-'),
  figure('bench: total run time', (performance.now() - started) / 1000, 's', { text: '< 600', check: (m) => m < 600 }),
);
if (/^(tmpfs|ramfs)$/.test(filesystem))
  notes.push(`The data folder is on ${filesystem}: fsync costs nothing there, so the write path looks faster than on a disk (set BENCH_DATA_DIR).`);
// The default folder goes when it is empty again (each scenario removes its own data).
if (!process.env.BENCH_DATA_DIR) {
  try {
    if (readdirSync(dataRoot()).length === 0) rmSync(dataRoot(), { recursive: true, force: true });
  } catch {
    // already gone
  }
}

console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
console.log(printTable(figures));
writeFileSync(join(here, 'results.json'), `${JSON.stringify(figures, null, 2)}\n`);
console.log(`\nWritten to bench/results.json (${machine}).`);

if (profile) {
  for (const s of SCENARIOS) {
    const dir = join(profileRoot, s.name);
    if (!existsSync(dir)) continue;
    // A scenario with phases writes their measured windows: each profile is summarised per window.
    const windows = windowsIn(dir);
    for (const file of profilesIn(dir)) {
      if (windows.length === 0) console.log(`\n${summarize(file, root)}`);
      for (const window of windows) {
        const summary = summarize(file, root, 15, window);
        if (summary) console.log(`\n${summary}`);
      }
    }
  }
}
const missed = failures(figures);
if (missed.length > 0) console.log(`\n${missed.length} figure(s) missed their target: ${missed.map((f) => f.figure.trim()).join('; ')}`);
if (scenarioFailed || missed.length > 0) process.exitCode = 1;
