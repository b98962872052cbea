import type { Db } from '../client.js';
import type { PushKind } from '../../shared/push.js';

/** Where and how to send one push message. */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const TARGET_COLUMNS = 's.id, s.user_id AS userId, s.endpoint, s.p256dh, s.auth';

/** Devices one user may have subscribed at once; subscribing another drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** Web Push subscriptions and the kinds each opted into. */
export function createPushSubscriptionsRepo(db: Db) {
  const c = db.$client;
  // An endpoint belongs to one browser: subscribing it again (another account signed in there) moves it.
  const upsert = c.prepare<{ userId: number; endpoint: string; p256dh: string; auth: string; at: number }, { id: number }>(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (@userId, @endpoint, @p256dh, @auth, @at)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
     RETURNING id`,
  );
  const clearKinds = c.prepare<[number]>('DELETE FROM push_subscription_kinds WHERE subscription_id = ?');
  const pruneOldest = c.prepare<{ userId: number; keep: number }>(
    `DELETE FROM push_subscriptions WHERE user_id = @userId AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = @userId ORDER BY id DESC LIMIT +@keep)`,
  );
  const addKind = c.prepare<[number, string]>('INSERT INTO push_subscription_kinds (subscription_id, kind) VALUES (?, ?)');
  const removeOwn = c.prepare<[number, string]>('DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?');
  const removeById = c.prepare<[number]>('DELETE FROM push_subscriptions WHERE id = ?');
  const kindsOf = c.prepare<[number, string], { kind: string }>(
    `SELECT k.kind FROM push_subscriptions s JOIN push_subscription_kinds k ON k.subscription_id = s.id
     WHERE s.user_id = ? AND s.endpoint = ? ORDER BY k.kind`,
  );
  const anyAtAll = c.prepare<[], { n: number }>('SELECT EXISTS (SELECT 1 FROM push_subscriptions) AS n');
  const ownerOf = c.prepare<[string], { userId: number }>('SELECT user_id AS userId FROM push_subscriptions WHERE endpoint = ?');
  const ofUser = c.prepare<[number, string], PushTarget>(
    `SELECT ${TARGET_COLUMNS} FROM push_subscriptions s JOIN push_subscription_kinds k ON k.subscription_id = s.id
     WHERE s.user_id = ? AND k.kind = ? ORDER BY s.id`,
  );
  const ofUsers = c.prepare<[string, string], PushTarget>(
    `SELECT ${TARGET_COLUMNS} FROM push_subscriptions s JOIN push_subscription_kinds k ON k.subscription_id = s.id AND k.kind = ?
     WHERE s.user_id IN (SELECT value FROM json_each(?)) ORDER BY s.id`,
  );

  return {
    /** Saves a browser's subscription for `userId` with exactly these kinds (the user's oldest beyond the limit go); returns its id. */
    save(userId: number, sub: NewPushSubscription, kinds: readonly PushKind[], at: number): number {
      return c.transaction(() => {
        const { id } = upsert.get({ userId, ...sub, at })!;
        clearKinds.run(id);
        for (const kind of new Set(kinds)) addKind.run(id, kind);
        pruneOldest.run({ userId, keep: MAX_SUBSCRIPTIONS_PER_USER });
        return id;
      })();
    },
    /** Removes one of `userId`'s own subscriptions; false when there was none at that endpoint. */
    remove(userId: number, endpoint: string): boolean {
      return removeOwn.run(userId, endpoint).changes > 0;
    },
    /** Removes a subscription the push service no longer knows. */
    removeById(id: number): void {
      removeById.run(id);
    },
    /** Removes every subscription whose endpoint `keep` refuses (a push service no longer allowed); returns how many. */
    removeUnless(keep: (endpoint: string) => boolean): number {
      const doomed = c
        .prepare<[], { id: number; endpoint: string }>('SELECT id, endpoint FROM push_subscriptions')
        .all()
        .filter((r) => !keep(r.endpoint));
      c.transaction(() => doomed.forEach((r) => removeById.run(r.id)))();
      return doomed.length;
    },
    /** The kinds `userId`'s subscription at `endpoint` opted into; null when there is none of theirs. */
    kinds(userId: number, endpoint: string): PushKind[] | null {
      const owner = ownerOf.get(endpoint);
      if (!owner || owner.userId !== userId) return null;
      return kindsOf.all(userId, endpoint).map((r) => r.kind as PushKind);
    },
    /** Whether anyone at all has subscribed (most games: nobody, and the sender can skip its lookups). */
    any(): boolean {
      return anyAtAll.get()!.n === 1;
    },
    /** `userId`'s subscriptions that opted into `kind`. */
    ofUser(userId: number, kind: PushKind): PushTarget[] {
      return ofUser.all(userId, kind);
    },
    /** Subscriptions of these users (a league's holders of a player or team) that opted into `kind`. */
    ofUsers(userIds: readonly number[], kind: PushKind): PushTarget[] {
      return userIds.length === 0 ? [] : ofUsers.all(kind, JSON.stringify(userIds));
    },
  };
}
export type PushSubscriptionsRepo = ReturnType<typeof createPushSubscriptionsRepo>;
