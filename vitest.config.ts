import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const shared = { environment: 'node', hookTimeout: 120_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // One test file per core (Vitest's default leaves one core free: on a 2-core CI machine, one file at a
    // time). The browser tests spend much of their time waiting for pages, so two files at once on two cores
    // take half to three quarters of the time of one after the other.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { ...shared, name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], testTimeout: 20_000, setupFiles: ['./vitest.properties.ts'] },
      },
      // A browser test loads pages, waits for live messages and takes screenshots: on a busy 2-core machine
      // that is several seconds of real work, so its limits (a test's, and a poll's wait for the page) are set well above
      // what it takes alone.
      { test: { ...shared, name: 'e2e', include: ['e2e/**/*.test.ts'], testTimeout: 60_000, expect: { poll: { timeout: 15_000 } } } },
    ],
  },
});
