import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorCode, errorStatus } from './trpc';

/**
 * A session that ended on the server (expired, or ended by a password reset) is noticed wherever a
 * call is refused for it (the user box's read, a command) and handled in one place (SessionSync):
 * one message, and the forms being typed in are kept until the user logs back in.
 */

const listeners = new Set<() => void>();

/** True when the server refused a call because the caller is not signed in (any more). */
export function isSessionEnded(error: unknown): boolean {
  if (errorCode(error) === 'UNAUTHORIZED' || errorStatus(error) === 401) return true;
  // A REST command's error (useCommand's CommandError) carries its status.
  return error instanceof Error && 'status' in error && error.status === 401;
}

/** A call was refused for an ended session: SessionSync forgets it and says so, once. */
export function reportSessionEnded(): void {
  keepDrafts();
  for (const listener of listeners) listener();
}

export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Forms being typed in: what each holds, read at the moment the session ends.
const DRAFT_PREFIX = 'hoops.draft.';
const open = new Map<string, { userId: number; values: () => FieldValues }>();

function keepDrafts(): void {
  for (const [key, form] of open) {
    try {
      window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify({ userId: form.userId, values: form.values() }));
    } catch {
      // Storage unavailable: the typing is lost with the session, as before.
    }
  }
}

function takeDraft(key: string, userId: number): FieldValues | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    if (raw === null) return null;
    window.sessionStorage.removeItem(DRAFT_PREFIX + key);
    const draft = JSON.parse(raw) as { userId?: unknown; values?: unknown };
    return draft.userId === userId && typeof draft.values === 'object' && draft.values !== null ? (draft.values as FieldValues) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps what a form holds when the session ends, and gives it back when the same form (`key`, e.g.
 * "buy:player:7") opens again for the same user after they logged back in.
 */
export function useKeptDraft<T extends FieldValues, C, R extends FieldValues>(key: string, userId: number | null, form: UseFormReturn<T, C, R>): void {
  const restored = useRef(false);
  useEffect(() => {
    if (userId === null) return;
    if (!restored.current) {
      restored.current = true;
      const draft = takeDraft(key, userId);
      if (draft) form.reset({ ...form.getValues(), ...draft } as T, { keepDefaultValues: true });
    }
    open.set(key, { userId, values: () => form.getValues() });
    return () => {
      open.delete(key);
    };
  }, [key, userId, form]);
}
