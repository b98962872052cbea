/**
 * The memory allocator the spawned servers run with: the one the container runs (Dockerfile:
 * Debian's jemalloc, preloaded). With glibc's malloc, the native memory a league's SQLite
 * connection frees when the league closes stays in the process (fragmented arenas); jemalloc
 * gives it back to the system (its background thread does, as in the container, while the server is
 * idle), so the resident set returns to where it was once idle leagues close.
 * `BENCH_ALLOCATOR=glibc` runs them with the system's malloc instead, to compare.
 */
import { existsSync } from 'node:fs';

const JEMALLOC = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'];

export interface Allocator {
  /** What the table and the notes say. */
  name: string;
  /** What the server's environment gets. */
  env: Record<string, string>;
}

export function serverAllocator(): Allocator {
  const jemalloc = JEMALLOC.find((path) => existsSync(path));
  if (process.env.BENCH_ALLOCATOR === 'glibc' || !jemalloc) return { name: 'glibc malloc', env: {} };
  return { name: 'jemalloc (preloaded, as in the container)', env: { LD_PRELOAD: jemalloc, MALLOC_CONF: 'background_thread:true' } };
}
