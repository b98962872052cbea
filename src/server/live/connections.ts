import type { WebSocket } from 'ws';
import type { LeagueAccess } from '../leagues/access.js';
import type { AccessChange, AccessWatch } from '../auth/access-watch.js';

/** What a connection was allowed when it was last looked at. */
export interface Identity {
  sessionId: string | null;
  userId: number | null;
  isAdmin: boolean;
  /** The connection's league, and what the caller may do there. */
  leagueId: number;
  access: LeagueAccess;
  /** The leagues the user belongs to (their own events come from each). */
  memberOf: readonly number[];
  /** When the session ends unless it is used (ms); Infinity without one. */
  expiresAt: number;
}

const RANK: Record<LeagueAccess, number> = { none: 0, reader: 1, member: 2 };

/** True when `now` allows less than `before` did: a session gone, admin revoked, league access or a membership lost. */
export function lostAccess(before: Identity, now: Identity): boolean {
  return (
    (before.sessionId !== null && now.sessionId !== before.sessionId) ||
    (before.isAdmin && !now.isAdmin) ||
    now.leagueId !== before.leagueId ||
    RANK[now.access] < RANK[before.access] ||
    before.memberOf.some((id) => !now.memberOf.includes(id))
  );
}

/** The close code that tells a client its access changed (it reconnects, and is judged afresh). */
export const ACCESS_CHANGED_CODE = 4001;
export const ACCESS_CHANGED_REASON = 'Your session or access changed';

interface Watched {
  readonly ws: WebSocket;
  readonly identify: () => Identity;
  identity: Identity;
}

/**
 * The open WebSockets and who each one's caller was. When that may have changed (a logout, a
 * password reset, an admin flag revoked, a member removed, a league made invite-only, a session
 * expired), each affected connection is judged again; one whose caller may now do less is closed
 * at once, which ends its subscriptions and ticker feed. The client reconnects and is judged as it
 * is now. Calls on a connection are judged afresh anyway (trpc.ts): closing is what stops the live
 * feeds it follows.
 */
export class ConnectionGuard {
  private readonly all = new Map<WebSocket, Watched>();
  private readonly byUser = new Map<number, Set<Watched>>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;
  /** Connections closed because their caller lost access. */
  closed = 0;

  constructor(
    watch: AccessWatch,
    private readonly now: () => number,
    checkMs = 250,
  ) {
    this.stopListening = watch.listen((change) => this.recheck(change));
    // Sessions end by themselves when they expire: checked against the clock.
    this.timer = setInterval(() => this.expire(), checkMs);
    this.timer.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** Watches a connection from its first context on; `identify` says who its caller is now. */
  add(ws: WebSocket, identify: () => Identity): void {
    if (this.all.has(ws)) this.remove(ws);
    const watched: Watched = { ws, identify, identity: identify() };
    this.all.set(ws, watched);
    this.index(watched);
    ws.once('close', () => this.remove(ws));
  }

  close(): void {
    clearInterval(this.timer);
    this.stopListening();
    this.all.clear();
    this.byUser.clear();
  }

  private index(w: Watched): void {
    const id = w.identity.userId;
    if (id === null) return;
    let set = this.byUser.get(id);
    if (!set) this.byUser.set(id, (set = new Set()));
    set.add(w);
  }

  private unindex(w: Watched): void {
    const id = w.identity.userId;
    if (id === null) return;
    const set = this.byUser.get(id);
    set?.delete(w);
    if (set?.size === 0) this.byUser.delete(id);
  }

  private remove(ws: WebSocket): void {
    const w = this.all.get(ws);
    if (!w) return;
    this.all.delete(ws);
    this.unindex(w);
  }

  /** Judges again the connections a change may concern: that user's, or every one. */
  private recheck(change: AccessChange): void {
    const affected = change === null ? [...this.all.values()] : [...(this.byUser.get(change) ?? [])];
    for (const w of affected) this.judge(w);
  }

  private expire(): void {
    const now = this.now();
    for (const w of [...this.all.values()]) if (w.identity.expiresAt <= now) this.judge(w);
  }

  private judge(w: Watched): void {
    if (!this.all.has(w.ws)) return;
    let identity: Identity;
    try {
      identity = w.identify();
    } catch {
      // The databases are closing (shutdown): the server closes every connection itself.
      return;
    }
    if (lostAccess(w.identity, identity)) {
      this.closed += 1;
      this.remove(w.ws);
      w.ws.close(ACCESS_CHANGED_CODE, ACCESS_CHANGED_REASON);
      // A client that does not answer the closing handshake is cut off: nothing more is sent to it anyway.
      setTimeout(() => w.ws.terminate(), 2_000).unref();
      return;
    }
    // What it gained (a new membership, the admin flag) is kept as the new baseline.
    this.unindex(w);
    w.identity = identity;
    this.index(w);
  }
}
