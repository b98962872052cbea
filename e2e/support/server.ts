import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';
import { freePort } from '../../src/server/test-support/ports.js';

export { freePort };

export interface E2eServer {
  url: string;
  dataDir: string;
  logs(): string;
  stop(): Promise<void>;
}

/** Runs the built server (`npm run build` first) as a child process on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hoops-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, 'dist/node/server/main.js')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
