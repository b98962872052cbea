import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

describe('the Node options the server runs with', () => {
  it('are the same in the container and in npm start', () => {
    const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
    const container = /NODE_OPTIONS=(\S+)/.exec(dockerfile)?.[1];
    expect(container).toMatch(/^--max-semi-space-size=\d+$/);
    const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${container} dist/node/server/main.js`);
  });
});
