import type Database from 'better-sqlite3';

/** A user whose sessions, admin flag or memberships changed; null: anyone's may have. */
export type AccessChange = number | null;

/**
 * Tells whoever keeps a caller's identity longer than one call — an open WebSocket, a live
 * subscription — that it may have changed (RULES.md, Accounts: every call is judged by who the
 * caller is at the moment of the call). This process reports its own changes (a logout, a password
 * reset, a member removed, a league made invite-only); a change written by another process (the
 * admin command line granting or revoking the flag) is noticed by polling the accounts database's
 * `data_version`, which SQLite changes whenever another connection commits.
 */
export class AccessWatch {
  private count = 0;
  private readonly listeners = new Set<(change: AccessChange) => void>();
  private readonly timer: NodeJS.Timeout;
  private version: number;

  constructor(
    private readonly accounts: Database.Database,
    pollMs = 250,
  ) {
    this.version = this.dataVersion();
    this.timer = setInterval(() => this.poll(), pollMs);
    this.timer.unref();
  }

  /** Grows at every change: a holder compares it with the one it saw to know whether to look again. */
  get revision(): number {
    return this.count;
  }

  /**
   * Counted at once; listeners hear of it once the current synchronous work (a transaction that
   * ends sessions, say) is over.
   */
  changed(change: AccessChange): void {
    this.count += 1;
    queueMicrotask(() => {
      for (const listener of [...this.listeners]) listener(change);
    });
  }

  listen(listener: (change: AccessChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    clearInterval(this.timer);
    this.listeners.clear();
  }

  private dataVersion(): number {
    return this.accounts.open ? (this.accounts.pragma('data_version', { simple: true }) as number) : this.version;
  }

  private poll(): void {
    const version = this.dataVersion();
    if (version === this.version) return;
    this.version = version;
    this.changed(null);
  }
}
