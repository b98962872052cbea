/**
 * Scenario 1, the engine alone: one book, a million commands of the mix, plan + apply only (no
 * database, no events). Run by bench/run.ts in its own process.
 */
import { createOrderBook, type Command, type OrderBook } from '../src/domain/orderbook/index.js';
import { buildBookStream } from './lib/book-stream.js';
import { createPeerBook, toPeerOps, type PeerOp } from './lib/peer-book.js';
import { sendReport } from './lib/child.js';
import { atLeast, below, figure, fmt, MB, median, peakRssMb, percentiles, type Figure } from './lib/results.js';

const N = Number(process.env.BENCH_BOOK_COMMANDS ?? 1_000_000);
const USERS = 5_000;
/** One command in this many is timed on its own for the latency figures. */
const SAMPLE_EVERY = 8;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function step(book: OrderBook, command: Command): void {
  const result = book.plan(command);
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  book.apply(result.plan);
}

function run(commands: readonly Command[], count = commands.length): OrderBook {
  const book = createOrderBook();
  for (let i = 0; i < count; i++) step(book, commands[i]!);
  return book;
}

function runPeer(ops: readonly PeerOp[], count: number): void {
  const peer = createPeerBook();
  for (let i = 0; i < count; i++) peer.step(ops[i]!);
}

const t0 = performance.now();
const stream = buildBookStream(N, USERS);
const buildMs = performance.now() - t0;
const { commands } = stream;
// Issue 7's mix: 30% marketable orders and 20% cancels (the stream says what it holds; a few
// tenths of a percent of drift on a short stream is the seeded randomness, not the mix).
{
  const c = stream.counts;
  const share = (x: number) => x / commands.length;
  if (Math.abs(share(c.marketableBuy + c.marketableSell) - 0.3) > 0.005 || Math.abs(share(c.cancel) - 0.2) > 0.005) {
    throw new Error(`the stream is not issue 7's mix: ${JSON.stringify(c)}`);
  }
}

// Warm-up: the JIT compiles the hot paths on a throwaway book.
run(commands, Math.min(commands.length, 200_000));
run(commands, Math.min(commands.length, 200_000));

// Throughput: the whole stream, untimed per command, five passes on fresh books, each followed by
// a pass of the peer (nodejs-order-book) on the same stream, so that the shared machine's noise
// falls on both alike; the median of each is reported.
/** Timed passes of each book; the median is reported (the machine is shared, so a pass can be slowed by others). */
const PASSES = 5;
const peerOps = toPeerOps(commands);
runPeer(peerOps, Math.min(peerOps.length, 200_000));
runPeer(peerOps, Math.min(peerOps.length, 200_000));
const rates: number[] = [];
const peerRates: number[] = [];
let cancelMisses = 0;
for (let pass = 0; pass < PASSES; pass++) {
  gc();
  const fresh = createOrderBook();
  let start = process.hrtime.bigint();
  for (let i = 0; i < commands.length; i++) step(fresh, commands[i]!);
  rates.push(commands.length / (Number(process.hrtime.bigint() - start) / 1e9));
  gc();
  const peer = createPeerBook();
  let misses = 0;
  start = process.hrtime.bigint();
  for (let i = 0; i < peerOps.length; i++) if (!peer.step(peerOps[i]!)) misses++;
  peerRates.push(peerOps.length / (Number(process.hrtime.bigint() - start) / 1e9));
  cancelMisses = misses;
}
const ordersPerSec = median(rates);
const peerPerSec = median(peerRates);
// Each of our passes and the peer's pass right after it ran in the same moment of the machine: the
// ratio of each pair cancels most of the noise, and the figure is the median of those ratios.
const ratios = rates.map((rate, i) => rate / peerRates[i]!);
const ratio = median(ratios);

// The peer's latency: a fresh book, one op in SAMPLE_EVERY timed alone, as for ours below.
const peerSamples = new Float64Array(Math.ceil(peerOps.length / SAMPLE_EVERY));
{
  const peer = createPeerBook();
  let k = 0;
  for (let i = 0; i < peerOps.length; i++) {
    if (i % SAMPLE_EVERY === 0) {
      const a = process.hrtime.bigint();
      peer.step(peerOps[i]!);
      peerSamples[k++] = Number(process.hrtime.bigint() - a) / 1000;
    } else {
      peer.step(peerOps[i]!);
    }
  }
}
const [peerP50, peerP99] = percentiles(peerSamples, [0.5, 0.99]) as [number, number];

// Latency: the same stream on a fresh book, one command in SAMPLE_EVERY timed alone; the heap is
// sampled every 64k commands (outside the timed commands). The peer's copy of the stream is
// dropped first, so the heap figures are our book's and the stream's only.
peerOps.length = 0;
gc();
const heapBefore = process.memoryUsage().heapUsed;
let peakHeap = heapBefore;
const book = createOrderBook();
const samples = new Float64Array(Math.ceil(commands.length / SAMPLE_EVERY));
let s = 0;
for (let i = 0; i < commands.length; i++) {
  if (i % SAMPLE_EVERY === 0) {
    const a = process.hrtime.bigint();
    step(book, commands[i]!);
    samples[s++] = Number(process.hrtime.bigint() - a) / 1000;
  } else {
    step(book, commands[i]!);
  }
  if ((i & 0xffff) === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}
// What two hrtime.bigint() calls cost on their own: it is part of every sample.
const overhead = new Float64Array(100_000);
for (let i = 0; i < overhead.length; i++) {
  const a = process.hrtime.bigint();
  overhead[i] = Number(process.hrtime.bigint() - a) / 1000;
}
const [p50, p99, p999] = percentiles(samples.subarray(0, s), [0.5, 0.99, 0.999]) as [number, number, number];
const [timerP50] = percentiles(overhead, [0.5]) as [number];

const c = stream.counts;
const pct = (x: number) => `${((100 * x) / commands.length).toFixed(1)}%`;
const figures: Figure[] = [
  figure(`engine alone: orders/s (1 book, ${fmt(commands.length)} cmds, median of ${PASSES})`, ordersPerSec, 'orders/s'),
  figure('engine alone: p50 per command', p50, 'µs'),
  figure('engine alone: p99 per command', p99, 'µs', below(5, '< 5')),
  figure('engine alone: p99.9 per command', p999, 'µs'),
  figure(`engine alone: vs nodejs-order-book, same stream (ours ÷ theirs, median of ${PASSES} paired passes)`, ratio, '×', atLeast(10, '≥ 10×')),
  figure(`  nodejs-order-book: orders/s (same stream, median of ${PASSES})`, peerPerSec, 'orders/s'),
  figure('  nodejs-order-book: p50 per command', peerP50, 'µs'),
  figure('  nodejs-order-book: p99 per command', peerP99, 'µs'),
  figure('engine alone: heapUsed before the run (the pre-built stream)', heapBefore / MB, 'MB'),
  figure('engine alone: peak heapUsed during the run', peakHeap / MB, 'MB'),
  figure('engine alone: peak RSS of the process (our book and the peer)', peakRssMb(), 'MB'),
];
sendReport({
  figures,
  notes: [
    `engine alone: stream of ${fmt(commands.length)} commands from ${fmt(USERS)} users built in ${(buildMs / 1000).toFixed(1)} s: ` +
      `marketable buys ${pct(c.marketableBuy)}, marketable sells ${pct(c.marketableSell)}, cancels ${pct(c.cancel)}, ` +
      `resting buys ${pct(c.restingBuy)}, resting sells ${pct(c.restingSell)}; ${fmt(c.fills)} fills; ` +
      `open orders in the book: mean ${fmt(Math.round(stream.open.mean))}, max ${fmt(stream.open.max)}, at the end ${fmt(stream.open.end)}.`,
    `engine alone: ${PASSES} passes at ${rates.map((x) => fmt(Math.round(x))).join(', ')} orders/s; nodejs-order-book on the same stream, ` +
      `each right after ours: ${peerRates.map((x) => fmt(Math.round(x))).join(', ')} orders/s; pass ratios ${ratios.map((x) => x.toFixed(1)).join(', ')} (${fmt(cancelMisses)} of its cancels found the order already filled).`,
    `engine alone: latency sampled on 1 command in ${SAMPLE_EVERY} (${fmt(s)} samples); each sample includes ~${timerP50.toFixed(3)} µs of hrtime.bigint() overhead.`,
  ],
});
