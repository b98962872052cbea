/** The load generator's handle on the followers' process (bench/followers.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tsxExecArgv } from './child.js';

export interface FollowerCounts {
  /** Ticker messages received, trades they listed, and trades they counted as skipped, over all followers. */
  messages: number;
  delivered: number;
  skipped: number;
}

export type ToFollowers = { type: 'connect'; url: string; count: number } | { type: 'snapshot' } | { type: 'finish'; quietMs: number; maxMs: number };
export type FollowersReply =
  | { type: 'ready'; count: number }
  | ({ type: 'snapshot' } & FollowerCounts)
  | ({ type: 'done'; lags: number[]; count: number; drainCpuMs: number; cpuMs: number } & FollowerCounts)
  | { type: 'error'; message: string };

export class Followers {
  private constructor(
    private readonly child: ChildProcess,
    readonly count: number,
  ) {}

  /** Forks the followers' process and connects `count` followers to the server at `url`. */
  static async start(url: string, count: number): Promise<Followers> {
    const profileDir = process.env.BENCH_PROFILE_DIR;
    const child = fork(new URL('../followers.ts', import.meta.url).pathname, [], {
      execArgv: tsxExecArgv(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, 'followers')}`] : []),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await ask(child, { type: 'connect', url, count });
    if (ready.type !== 'ready') throw new Error('the followers did not connect');
    return new Followers(child, ready.count);
  }

  async snapshot(): Promise<FollowerCounts> {
    const m = await ask(this.child, { type: 'snapshot' });
    if (m.type !== 'snapshot') throw new Error(`unexpected ${m.type}`);
    return { messages: m.messages, delivered: m.delivered, skipped: m.skipped };
  }

  /** Waits until nothing new arrived for `quietMs` (or `maxMs` passed), closes every follower, ends the process, and reports. */
  async finish(quietMs: number, maxMs: number): Promise<Extract<FollowersReply, { type: 'done' }>> {
    const m = await ask(this.child, { type: 'finish', quietMs, maxMs });
    this.child.disconnect();
    if (m.type !== 'done') throw new Error(`unexpected ${m.type}`);
    return m;
  }
}

function ask(child: ChildProcess, message: ToFollowers): Promise<FollowersReply> {
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error('the followers process exited'));
    child.once('exit', onExit);
    child.once('message', (m: FollowersReply) => {
      child.off('exit', onExit);
      if (m.type === 'error') reject(new Error(m.message));
      else resolve(m);
    });
    child.send(message);
  });
}
