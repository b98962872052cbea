import { QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markKeptAnswer, noteQueryAnswer, oldestShownKeptAt, refetchKeptAnswers } from './offlineAnswers';
import { offlineAsOfText } from './OfflineNotice';

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onSuccess: noteQueryAnswer }),
  defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
});
afterEach(() => queryClient.clear());

/** A query on screen (one observer) whose answers come from `answers`, one per fetch. */
function shown(key: string, answers: unknown[]) {
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn: () => answers.shift() });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe, query: () => queryClient.getQueryCache().find({ queryKey: [key] })! };
}

describe('answers from the kept copy in the query cache', () => {
  it('dates a query by its kept answer, names the oldest one on screen, and forgets it on a real answer', async () => {
    const kept = { cents: 110 };
    markKeptAnswer(kept, 5_000);
    const older = { cents: 90 };
    markKeptAnswer(older, 3_000);
    const market = shown('market', [kept, { cents: 175 }]);
    const portfolio = shown('portfolio', [older]);
    const fresh = shown('leaders', [{ cents: 1 }]);
    await vi.waitFor(() => expect([market, portfolio, fresh].map((q) => q.query().state.status)).toEqual(['success', 'success', 'success']));

    expect(market.query().state.dataUpdatedAt).toBe(5_000);
    expect(market.observer.getCurrentResult().isStale).toBe(true);
    expect(oldestShownKeptAt(queryClient.getQueryCache())).toBe(3_000);
    // A page that left the screen no longer counts.
    portfolio.unsubscribe();
    expect(oldestShownKeptAt(queryClient.getQueryCache())).toBe(5_000);

    // Back online: the kept answers are asked for again, and the real one clears the mark.
    await refetchKeptAnswers(queryClient);
    expect(market.query().state.data).toEqual({ cents: 175 });
    expect(oldestShownKeptAt(queryClient.getQueryCache())).toBeNull();
    market.unsubscribe();
    fresh.unsubscribe();
  });

  it('counts an infinite list by its oldest kept page', async () => {
    const page = { rows: [1] };
    markKeptAnswer(page, 4_000);
    const list = shown('list', [{ pages: [{ rows: [0] }, page], pageParams: [0, 1] }]);
    await vi.waitFor(() => expect(list.query().state.status).toBe('success'));
    expect(oldestShownKeptAt(queryClient.getQueryCache())).toBe(4_000);
    list.unsubscribe();
  });
});

describe('offlineAsOfText', () => {
  it('says the time of today’s copy, and the date of an older one', () => {
    const at = new Date(2026, 10, 27, 12, 2).getTime();
    expect(offlineAsOfText(at, new Date(2026, 10, 27, 18, 0))).toBe('Offline — prices as of 12:02 PM');
    expect(offlineAsOfText(at, new Date(2026, 10, 28, 9, 0))).toBe('Offline — prices as of Nov 27, 2026, 12:02 PM');
  });
});
