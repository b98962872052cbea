import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../paths.js';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
}

/**
 * The server from source in its own process (as `npm start` runs it, without the build), on `port`
 * with `dataDir`; `imports` are modules loaded first (test support such as hold-fsync.ts).
 */
export async function startChild(dataDir: string, port: number, env: Record<string, string> = {}, imports: string[] = []): Promise<ChildServer> {
  const preload = imports.flatMap((file) => ['--import', file]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, join(projectRoot, 'src/server/main.ts')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child, exited };
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function killChild(child: ChildServer, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  return child.exited;
}
