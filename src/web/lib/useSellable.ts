import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RouterOutputs } from './apiTypes';
import { useNow } from './useNow';
import { useSession } from './session';
import { useTRPC } from './trpc';
import type { InstrumentKind } from '../../shared/instrument';

/** `${itemType}:${itemId}` → the shares the user can sell now: held, not listed, and (teams) not locked. */
export type SellableMap = ReadonlyMap<string, number>;

/** `${itemType}:${itemId}` → the end of a team holding's lock (ISO time), for the holdings locked now. */
export type LockMap = ReadonlyMap<string, string>;

export const sellableKey = (itemType: InstrumentKind, itemId: number) => `${itemType}:${itemId}`;

type Portfolio = RouterOutputs['portfolio']['get'];

/** The logged-in user's holding of one player or team. */
export interface Holding {
  itemType: InstrumentKind;
  shares: number;
  listed: number;
  /** Shares that can be listed, dumped or sold now. */
  sellable: number;
  minSellPrice: number;
  averageBuyPrice: number;
  /** Teams: the 7-day lock after a purchase. */
  lockedUntil: string | null;
}

function holdings(portfolio: Portfolio, now: number): Map<string, Holding> {
  const m = new Map<string, Holding>();
  for (const p of portfolio.players) {
    const sellable = Math.max(0, p.shares_owned - p.listed_shares);
    m.set(sellableKey('player', p.player_id), {
      itemType: 'player',
      shares: p.shares_owned,
      listed: p.listed_shares,
      sellable,
      minSellPrice: p.min_sell_price,
      averageBuyPrice: p.average_buy_price,
      lockedUntil: null,
    });
  }
  for (const t of portfolio.teams) {
    const locked = Date.parse(t.locked_until) > now;
    m.set(sellableKey('team', t.id), {
      itemType: 'team',
      shares: t.shares_owned,
      listed: t.listed_shares,
      sellable: locked ? 0 : Math.max(0, t.shares_owned - t.listed_shares),
      minSellPrice: t.min_sell_price,
      averageBuyPrice: t.average_buy_price,
      lockedUntil: locked ? t.locked_until : null,
    });
  }
  return m;
}

/** The logged-in user's holdings, from their portfolio: what they hold and could sell of each player and team. */
export function useSellable() {
  const trpc = useTRPC();
  const { user } = useSession();
  const portfolio = useQuery(trpc.portfolio.get.queryOptions(user ? { userId: user.id } : skipToken));
  const now = useNow();
  const byKey = useMemo(() => (portfolio.data ? holdings(portfolio.data, now) : null), [portfolio.data, now]);
  const sellable = useMemo<SellableMap | null>(() => (byKey ? new Map([...byKey].map(([k, h]) => [k, h.sellable])) : null), [byKey]);
  const locks = useMemo<LockMap | null>(
    () => (byKey ? new Map([...byKey].flatMap(([k, h]) => (h.lockedUntil ? [[k, h.lockedUntil] as const] : []))) : null),
    [byKey],
  );
  return {
    sellable,
    /** Team holdings locked now, with the end of their lock. */
    locks,
    holding: (itemType: InstrumentKind, id: number): Holding | null => byKey?.get(sellableKey(itemType, id)) ?? null,
    isPending: portfolio.isPending && !!user,
    isError: portfolio.isError,
  };
}
