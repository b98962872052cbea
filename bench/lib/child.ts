/** Each scenario runs in its own Node process, so its peak memory is its own and JIT state is fresh. */
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Figure } from './results.js';

export interface ScenarioReport {
  figures: Figure[];
  notes: string[];
}

/** Node flags that run a TypeScript file with tsx (resolved from this project, not the cwd). */
export function tsxExecArgv(extra: string[] = []): string[] {
  return ['--import', import.meta.resolve('tsx'), ...extra];
}

/** In a scenario process: hands the report to the parent and exits. */
export function sendReport(report: ScenarioReport): void {
  if (!process.send) {
    console.log(JSON.stringify(report, null, 2));
    process.exit(0);
  }
  process.send({ type: 'report', report }, () => process.exit(0));
}

/**
 * In a scenario process: tells the parent that what it did so far was building cached data (a
 * league built through the exchange, once per version of its generator), so the scenario's time
 * limit counts from now: a first run on a new machine is not cut short by its one-time build.
 */
export function restartClock(): void {
  process.send?.({ type: 'restart-clock' });
}

export interface RunOptions {
  /** Write a V8 CPU profile of the scenario process (and its load generator) into this folder. */
  profileDir?: string;
  timeoutMs: number;
  env?: Record<string, string>;
}

/** Forks a scenario file and waits for its report; kills it when it overruns. */
export function runScenario(file: string, options: RunOptions): Promise<ScenarioReport> {
  const extra = ['--expose-gc'];
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    extra.push('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
  }
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      execArgv: tsxExecArgv(extra),
      env: { ...process.env, ...options.env, ...(options.profileDir ? { BENCH_PROFILE_DIR: options.profileDir } : {}) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let report: ScenarioReport | undefined;
    const overrun = () => {
      child.kill('SIGKILL');
      reject(new Error(`${file} did not finish within ${options.timeoutMs / 1000} s (after building any cached data)`));
    };
    let timer = setTimeout(overrun, options.timeoutMs);
    child.on('message', (m: { type?: string; report?: ScenarioReport }) => {
      if (m.type === 'report' && m.report) report = m.report;
      if (m.type === 'restart-clock') {
        clearTimeout(timer);
        timer = setTimeout(overrun, options.timeoutMs);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (report) resolve(report);
      else reject(new Error(`${file} exited (${signal ?? code}) without a report`));
    });
  });
}
