/**
 * Scenario 5, the web app's first load: builds the app as `npm run build:web` does (vite, the
 * project's config) into a temporary folder — dist/web is left alone — then reads the built
 * index.html: the JavaScript the home page loads is its module script and its modulepreload links.
 * Each file is gzipped with zlib (level 9, as a precompressing server or CDN would) and the sizes
 * summed. Run by bench/run.ts in its own process.
 *
 * Not counted: chunks a page imports lazily after it renders (the home page renders none of the
 * lazy routes), and the CSS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sendReport } from './lib/child.js';
import { atMost, figure, fmt, type Figure } from './lib/results.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'hoops-bench-web-'));
process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));

const t0 = performance.now();
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const buildMs = performance.now() - t0;

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
/** The src of every module script and the href of every modulepreload link, in document order. */
const tags = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)];
const files = [...new Set(tags.map((m) => (m[1] ?? m[2])!))];
if (files.length === 0) throw new Error('the built index.html loads no JavaScript module');

const KB = 1024;
const sizes = files.map((url) => {
  const body = readFileSync(join(outDir, url.replace(/^\//, '')));
  return { url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body).length };
});
const sum = (k: 'raw' | 'gzip' | 'brotli') => sizes.reduce((s, f) => s + f[k], 0);

const figures: Figure[] = [
  figure(`web first load (home page): JavaScript gzipped, ${files.length} files`, sum('gzip') / KB, 'KB', atMost(200)),
  figure('web first load: the same uncompressed', sum('raw') / KB, 'KB'),
  figure('web first load: the same with brotli (as served to browsers that accept it)', sum('brotli') / KB, 'KB'),
];
sendReport({
  figures,
  notes: [
    `web: built in ${(buildMs / 1000).toFixed(1)} s; the home page loads ${sizes
      .map((f) => `${f.url.replace('/assets/', '')} (${fmt(Math.round(f.raw / KB))} KB, ${fmt(Math.round(f.gzip / KB))} KB gzipped)`)
      .join(', ')}. The build writes .gz and .br files beside each asset and the server (sirv) sends them to browsers that accept them.`,
  ],
});
