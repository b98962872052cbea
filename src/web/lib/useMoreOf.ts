import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Ask, Offer, Shareholder } from './apiTypes';
import { nextPage, PAGE_SIZE, usePagedItems } from './pagedList';
import { useTRPC } from './trpc';
import type { InstrumentKind } from '../../shared/instrument';

/** A detail page's list: its first page from the detail, then more pages from `cursor` when asked ("Load more"). */
export interface MoreList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

const itemsOf = <T>(page: { items: T[] }) => page.items;
const askId = (a: Ask) => a.askId;
const offerId = (o: Offer) => o.offerId;
const holderId = (h: Shareholder) => h.user_id;

function more<T>(
  wanted: boolean,
  setWanted: (w: boolean) => void,
  cursor: string | null,
  query: { hasNextPage: boolean; isFetching: boolean; fetchNextPage: () => unknown },
  items: T[],
): MoreList<T> {
  return {
    items,
    hasMore: wanted ? query.hasNextPage : cursor !== null,
    loading: wanted && query.isFetching,
    onMore: () => (wanted ? void query.fetchNextPage() : setWanted(true)),
  };
}

export function useMoreAsks(itemType: InstrumentKind, itemId: number, first: readonly Ask[], cursor: string | null): MoreList<Ask> {
  const trpc = useTRPC();
  const [wanted, setWanted] = useState(false);
  const query = useInfiniteQuery({
    ...trpc.market.itemAsks.infiniteQueryOptions({ itemType, itemId, limit: PAGE_SIZE }, { initialCursor: cursor, getNextPageParam: nextPage }),
    enabled: wanted && cursor !== null,
  });
  return more(wanted, setWanted, cursor, query, usePagedItems(wanted ? query.data : undefined, itemsOf<Ask>, askId, first));
}

export function useMoreOffers(itemType: InstrumentKind, itemId: number, first: readonly Offer[], cursor: string | null): MoreList<Offer> {
  const trpc = useTRPC();
  const [wanted, setWanted] = useState(false);
  const query = useInfiniteQuery({
    ...trpc.market.itemOffers.infiniteQueryOptions({ itemType, itemId, limit: PAGE_SIZE }, { initialCursor: cursor, getNextPageParam: nextPage }),
    enabled: wanted && cursor !== null,
  });
  return more(wanted, setWanted, cursor, query, usePagedItems(wanted ? query.data : undefined, itemsOf<Offer>, offerId, first));
}

export function useMoreHolders(itemType: InstrumentKind, itemId: number, first: readonly Shareholder[], cursor: string | null): MoreList<Shareholder> {
  const trpc = useTRPC();
  const [wanted, setWanted] = useState(false);
  const query = useInfiniteQuery({
    ...trpc.market.holders.infiniteQueryOptions({ itemType, itemId, limit: PAGE_SIZE }, { initialCursor: cursor, getNextPageParam: nextPage }),
    enabled: wanted && cursor !== null,
  });
  return more(wanted, setWanted, cursor, query, usePagedItems(wanted ? query.data : undefined, itemsOf<Shareholder>, holderId, first));
}
