import type { HoldingState, InstrumentKind, InstrumentState, LedgerRepo } from '../db/repos/ledger.js';

/**
 * The ledger as the exchange reads it on every order: holdings and instruments are kept in memory
 * once read, and every write of them goes through here, so memory and database agree. Only the
 * exchange (the single writer) may use it; after any change made elsewhere (an admin's contract
 * change, a draft), or a failed write, `clear()` drops what it holds.
 */
export function cachedLedger(ledger: LedgerRepo) {
  // null: known to be absent.
  const holdings = new Map<string, HoldingState | null>();
  const instruments = new Map<string, InstrumentState | null>();
  const names = new Map<string, string>();
  const codes = new Map<string, string>();
  const holdingKey = (kind: InstrumentKind, userId: number, id: number) => `${kind}:${id}:${userId}`;

  return {
    ...ledger,
    holding(kind: InstrumentKind, userId: number, id: number): HoldingState | undefined {
      const key = holdingKey(kind, userId, id);
      let h = holdings.get(key);
      if (h === undefined) {
        h = ledger.holding(kind, userId, id) ?? null;
        holdings.set(key, h);
      }
      return h ?? undefined;
    },
    saveHolding(kind: InstrumentKind, userId: number, id: number, h: HoldingState): void {
      ledger.saveHolding(kind, userId, id, h);
      holdings.set(holdingKey(kind, userId, id), h.shares === 0 ? null : { ...h });
    },
    /** Every holding of an instrument rescaled: `rescaled` is each holder's shares after (0: gone). */
    rescaleHoldings(kind: InstrumentKind, id: number, oldTotal: number, newTotal: number, rescaled: readonly { userId: number; shares: number }[]): void {
      ledger.rescaleHoldings(kind, id, oldTotal, newTotal, rescaled);
      for (const r of rescaled) {
        const key = holdingKey(kind, r.userId, id);
        const kept = holdings.get(key);
        if (r.shares === 0) holdings.set(key, null);
        else if (kept) holdings.set(key, { ...kept, shares: r.shares });
      }
    },
    instrument(kind: InstrumentKind, id: number): InstrumentState | undefined {
      const key = `${kind}:${id}`;
      let i = instruments.get(key);
      if (i === undefined) {
        i = ledger.instrument(kind, id) ?? null;
        instruments.set(key, i);
      }
      return i ?? undefined;
    },
    setRemaining(kind: InstrumentKind, id: number, remaining: number): void {
      ledger.setRemaining(kind, id, remaining);
      const i = instruments.get(`${kind}:${id}`);
      if (i) instruments.set(`${kind}:${id}`, { ...i, sharesRemaining: remaining });
    },
    instrumentName(kind: InstrumentKind, id: number): string {
      const key = `${kind}:${id}`;
      let name = names.get(key);
      if (name === undefined) {
        name = ledger.instrumentName(kind, id);
        names.set(key, name);
      }
      return name;
    },
    teamCode(kind: InstrumentKind, id: number): string {
      const key = `${kind}:${id}`;
      let code = codes.get(key);
      if (code === undefined) {
        code = ledger.teamCode(kind, id);
        codes.set(key, code);
      }
      return code;
    },
    clear(): void {
      holdings.clear();
      instruments.clear();
      names.clear();
      codes.clear();
    },
  };
}
export type ExchangeLedger = ReturnType<typeof cachedLedger>;
