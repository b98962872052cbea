/**
 * The ticker's followers, in a process of their own, forked by the load generator: thousands of
 * sockets receiving bursts of messages would otherwise hold up the traders' event loop, and the
 * order latencies measured beside them would be the load generator's. Only 127.0.0.1.
 */
import type { FollowersReply, ToFollowers } from './lib/followers.js';
import { Subscribers } from './lib/subscribers.js';

let subs: Subscribers | null = null;
const reply = (m: FollowersReply) => process.send!(m);
const counts = () => ({ messages: subs?.messages ?? 0, delivered: subs?.delivered ?? 0, skipped: subs?.skipped ?? 0 });

process.on('disconnect', () => process.exit(0));
process.on('message', (m: ToFollowers) => {
  void (async () => {
    switch (m.type) {
      case 'connect':
        subs = await Subscribers.connect(m.url, m.count);
        return reply({ type: 'ready', count: subs.count });
      case 'snapshot':
        return reply({ type: 'snapshot', ...counts() });
      case 'finish': {
        const cpu = process.cpuUsage();
        await subs?.drain(m.quietMs, m.maxMs);
        subs?.close();
        const used = process.cpuUsage(cpu);
        return reply({
          type: 'done',
          ...counts(),
          lags: subs?.lags ?? [],
          count: subs?.count ?? 0,
          drainCpuMs: (used.user + used.system) / 1000,
          cpuMs: cpuMs(),
        });
      }
    }
  })().catch((error: unknown) => reply({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
