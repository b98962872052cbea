/**
 * The idempotency keys of the submissions this tab has sent and not yet seen answered
 * (docs/api.md §1). Each deliberate submission gets a fresh key; the same submission sent again —
 * a retry, or the same form sent again after a reload cut the first off before its answer — reuses
 * it, so the server answers the first answer instead of doing it twice. Kept in sessionStorage
 * (this tab, this visit) for a few minutes.
 */

const STORAGE_KEY = 'hoops.pendingCommands';
/** How long a submission that got no answer may be taken for the same one sent again. */
const PENDING_MS = 10 * 60 * 1000;

interface Pending {
  command: string;
  /** A hash of the request (an avatar's picture would not fit in storage, and nothing typed is kept). */
  request: string;
  key: string;
  at: number;
}

function read(): Pending[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as Pending[]) : [];
    const now = Date.now();
    return Array.isArray(list) ? list.filter((p) => now - p.at < PENDING_MS) : [];
  } catch {
    return [];
  }
}

function write(list: Pending[]): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: keys still protect retries within this page view.
  }
}

/** The same request whatever the order of its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A 64-bit FNV-1a hash of the text, as hex: two requests that differ never share a key in practice. */
function hashText(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x01000193 + 2) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

function freshKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key for a submission of `command` with `request`: the one an unanswered identical submission used, or a new one. */
export function keyForSubmission(command: string, request: unknown): string {
  const text = hashText(canonical(request));
  const list = read();
  const same = list.find((p) => p.command === command && p.request === text);
  if (same) return same.key;
  const key = freshKey();
  write([...list, { command, request: text, key, at: Date.now() }]);
  return key;
}

/** The submission with this key got its answer: the next one like it is a new one. */
export function submissionAnswered(key: string): void {
  const list = read();
  write(list.filter((p) => p.key !== key));
}
