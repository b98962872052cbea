import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:https';
import { projectRoot } from '../../src/paths.js';
import { freePort } from './server.js';

export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

export interface Caddy {
  /** The HTTPS address of the site, e.g. https://hoops.test:4430. */
  url: string;
  host: string;
  port: number;
  /** The PEM of Caddy's local certificate authority, which signed the site's certificate. */
  rootCa: string;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Caddy with the project's deploy/Caddyfile in front of `upstream`, serving `host` over HTTPS with
 * its internal certificate authority (no ACME, no internet) on free ports, its state in `dir`.
 */
export async function startCaddy(upstream: string, host: string, dir: string): Promise<Caddy> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'Caddyfile');
  writeFileSync(
    config,
    [
      '{',
      '\tadmin off',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\tstorage file_system ${join(dir, 'storage')}`,
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '}',
      `import ${join(projectRoot, 'deploy', 'Caddyfile')}`,
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, DOMAIN: host, UPSTREAM: upstream },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const rootFile = join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    if (existsSync(rootFile)) {
      const rootCa = readFileSync(rootFile, 'utf8');
      const status = await httpsGet(host, httpsPort, rootCa, '/healthz').catch(() => 0);
      if (status === 200) {
        return {
          url: `https://${host}:${httpsPort}`,
          host,
          port: httpsPort,
          rootCa,
          logs: () => output,
          async stop() {
            if (child.exitCode === null) {
              const exited = new Promise((r) => child.once('exit', r));
              child.kill('SIGTERM');
              await exited;
            }
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }
    }
    if (Date.now() > deadline) throw new Error(`caddy did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function httpsGet(host: string, port: number, ca: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, servername: host, headers: { host: `${host}:${port}` }, ca, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
