import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../paths.js';

/**
 * Runs a command-line tool from source against `dataDir`, as `npm run …` would, without blocking
 * this process: a server of the same test keeps answering while the tool runs.
 */
export function runCli(script: string, args: readonly string[], dataDir: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/cli', script), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });
}
