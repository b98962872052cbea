/** Reads V8 CPU profiles (node --cpu-prof) and lists where the time went: by function and by package. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package>, a file of this project, or V8's own buckets ((garbage collector), (program), (idle)). */
function area(url: string, name: string, root: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (path.startsWith('node:')) return 'node (built-in)';
  return relative(root, path);
}

/** A measured window of a phase, on the monotonic clock the profiles use (µs); see windowsFile. */
export interface ProfileWindow {
  label: string;
  fromUs: number;
  toUs: number;
}

/** Where a scenario writes its phases' measured windows, beside its profiles. */
export const windowsFile = (profileDir: string) => join(profileDir, 'windows.json');

/**
 * Where the time went in one profile, by function (self time) and by package or file: over the whole
 * profile, or inside `window` only (a phase's measured window, without its set-up; null when the
 * process was idle all along).
 */
export function summarize(file: string, root: string, top = 15, window?: ProfileWindow): string | null {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    self.set(id, (self.get(id) ?? 0) + us);
  });
  let total = 0;
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const where = area(url, functionName, root);
    const key = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byArea.set(where, (byArea.get(where) ?? 0) + us);
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  // A process that did nothing in the window (the followers' outside the phases with followers).
  if (window && total === 0) return null;
  const what = window ? `, ${window.label} (its measured window)` : '';
  return [
    `${relative(root, file)}${what}: ${(total / 1e6).toFixed(2)} s busy (idle excluded)`,
    ' by function (self time):',
    list(byFunction),
    ' by package or file:',
    list(byArea),
  ].join('\n');
}

/** The measured windows a scenario wrote into `dir` (none if it wrote none). */
export function windowsIn(dir: string): ProfileWindow[] {
  try {
    return JSON.parse(readFileSync(windowsFile(dir), 'utf8')) as ProfileWindow[];
  } catch {
    return [];
  }
}

export function profilesIn(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...profilesIn(path));
    // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (the others are tsx's loader).
    else if (/\.\d+\.0\.\d+\.cpuprofile$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}
