/**
 * Whether the game's server can be reached: the browser's own flag (navigator.onLine), and what the
 * app saw itself, since a phone can say "online" with no way through. A request that failed without
 * any answer marks the server unreachable until /healthz answers again (asked every few seconds).
 */

const PROBE_MS = 5_000;
const listeners = new Set<() => void>();
let unreachable = false;
let probing: ReturnType<typeof setTimeout> | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

async function probe(): Promise<void> {
  probing = null;
  try {
    const res = await fetch('/healthz', { cache: 'no-store' });
    if (res.ok) {
      unreachable = false;
      emit();
      return;
    }
  } catch {
    // still unreachable
  }
  probing = setTimeout(() => void probe(), PROBE_MS);
}

/** A request got no answer at all (not an error status: no connection). */
export function reportNoAnswer(): void {
  if (!unreachable) {
    unreachable = true;
    emit();
  }
  if (probing === null) probing = setTimeout(() => void probe(), PROBE_MS);
}

/** The error a request fails with when nothing answered (fetch's TypeError, possibly wrapped). */
export function isNoAnswer(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof TypeError && /fetch|network|load failed/i.test(e.message)) return true;
  }
  return false;
}

export function subscribeConnectivity(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}
