/**
 * The memory allocator the spawned servers run with: the one the container runs (Dockerfile:
 * Debian's jemalloc, preloaded). With glibc's malloc, the native memory a league's SQLite
 * connection frees when the league closes stays in the process (fragmented arenas); jemalloc
 * gives it back to the system (its background thread does, as in the container, while the server is
 * idle), so the resident set returns to where it was once idle leagues close.
 * `BENCH_ALLOCATOR=glibc` runs them with the system's malloc instead, to compare. Either way they
 * get the container's Node options (`NODE_OPTIONS`, read from the Dockerfile).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';

const JEMALLOC = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'];

export interface Allocator {
  /** What the table and the notes say. */
  name: string;
  /** What the server's environment gets. */
  env: Record<string, string>;
}

/** The Node options the container starts the server with (the Dockerfile's `NODE_OPTIONS`: its heap's young generation). */
export function containerNodeOptions(): string {
  const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
  const options = /NODE_OPTIONS=(\S+)/.exec(dockerfile)?.[1];
  if (!options) throw new Error('The Dockerfile sets no NODE_OPTIONS');
  return options;
}

export function serverAllocator(): Allocator {
  const jemalloc = JEMALLOC.find((path) => existsSync(path));
  const node = { NODE_OPTIONS: containerNodeOptions() };
  if (process.env.BENCH_ALLOCATOR === 'glibc' || !jemalloc) return { name: 'glibc malloc', env: node };
  return { name: 'jemalloc (preloaded, as in the container)', env: { ...node, LD_PRELOAD: jemalloc, MALLOC_CONF: 'background_thread:true' } };
}
