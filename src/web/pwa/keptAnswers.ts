import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The server's last answers to the app's reads, kept in this browser's IndexedDB so that a page
 * opened without a network shows what it last had (lib/offlineLink.ts) instead of a spinner. Each
 * answer is kept under a key naming the user, the league, the call and its input, with when it
 * came. Bounded: the most recent MAX_ANSWERS answers, none above MAX_ANSWER_CHARS of JSON.
 * Emptied when a session ends on this device (session.tsx). Any storage failure (a private
 * window, a full disk) only means nothing is kept.
 */
export const MAX_ANSWERS = 100;
export const MAX_ANSWER_CHARS = 256 * 1024;

export interface KeptAnswer {
  key: string;
  /** The answer, as the server sent it. */
  data: unknown;
  /** When it came (ms since the epoch). */
  at: number;
}

interface KeptAnswersDB extends DBSchema {
  answers: { key: string; value: KeptAnswer; indexes: { at: number } };
}

const DB_NAME = 'hoops-kept-answers';
const STORE = 'answers';

let db: Promise<IDBPDatabase<KeptAnswersDB>> | null = null;
// Bumped by forgetKeptAnswers: an answer asked for before a session ended is not kept after it.
let generation = 0;

function open(): Promise<IDBPDatabase<KeptAnswersDB>> {
  db ??= openDB<KeptAnswersDB>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'key' }).createIndex('at', 'at');
    },
  }).catch((error: unknown) => {
    db = null;
    throw error;
  });
  return db;
}

/** A mark to pass to keepAnswer: answers asked for before the kept answers were forgotten are dropped. */
export function keptGeneration(): number {
  return generation;
}

/** Keeps `data` under `key`, as of `at`, dropping the oldest answers beyond MAX_ANSWERS. Never throws. */
export async function keepAnswer(key: string, data: unknown, at: number, askedIn = generation): Promise<void> {
  try {
    if (askedIn !== generation) return;
    const json = JSON.stringify(data);
    if (json === undefined || json.length > MAX_ANSWER_CHARS) return;
    const database = await open();
    if (askedIn !== generation) return;
    const tx = database.transaction(STORE, 'readwrite');
    await tx.store.put({ key, data, at });
    let extra = (await tx.store.count()) - MAX_ANSWERS;
    for (let cursor = extra > 0 ? await tx.store.index('at').openCursor() : null; cursor && extra > 0; cursor = await cursor.continue(), extra -= 1) {
      await cursor.delete();
    }
    await tx.done;
  } catch {
    // Nothing kept: the page just has no copy offline.
  }
}

/** The answer kept under `key`, or null (none, or storage unavailable). */
export async function keptAnswer(key: string): Promise<KeptAnswer | null> {
  try {
    return (await (await open()).get(STORE, key)) ?? null;
  } catch {
    return null;
  }
}

/** Forgets every kept answer (the session ended: the next person on this device sees none of them). */
export async function forgetKeptAnswers(): Promise<void> {
  generation += 1;
  try {
    await (await open()).clear(STORE);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** How many answers are kept (for tests and diagnostics). */
export async function keptAnswerCount(): Promise<number> {
  try {
    return await (await open()).count(STORE);
  } catch {
    return 0;
  }
}
