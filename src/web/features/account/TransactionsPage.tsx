import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from '../../lib/leagueLinks';
import { ExportButton } from './components/ExportButton';
import { matchesSearch, TableSearch } from '../../components/TableSearch';
import { LOAD_FAILED } from '../../../shared/texts';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath, userPath } from '../../lib/itemLinks';
import type { UserTrade } from '../../lib/apiTypes';
import { nextPage, PAGE_SIZE, usePagedItems } from '../../lib/pagedList';
import { useSession } from '../../lib/session';
import { formatDateTime } from '../../lib/time';
import { useTRPC } from '../../lib/trpc';
import { NumHeader } from '../../components/table/NumHeader';
import { LeagueSeasonSelect } from '../../components/seasons/SeasonSelect';
import { TRADE_REASON_LABELS } from '../../../shared/instrument';
import { formatSignedDollars, toneOf } from '../../lib/accountFormat';
import '../../components/figures.css';
import './TransactionsPage.css';

const tradesOf = (page: { items: UserTrade[] }) => page.items;
const tradeId = (t: UserTrade) => t.tradeId;

/** /transactions: the user's own trades, newest first, a page at a time, with search over those loaded (docs/screens.md §3 Pages). */
export default function TransactionsPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const [season, setSeason] = useState<number | null>(null);
  const trades = useInfiniteQuery(
    trpc.trades.user.infiniteQueryOptions(user ? { userId: user.id, limit: PAGE_SIZE, ...(season === null ? {} : { season }) } : skipToken, {
      getNextPageParam: nextPage,
    }),
  );
  const loaded = usePagedItems(trades.data, tradesOf, tradeId);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);

  const rows = useMemo(
    () =>
      loaded.map((t) => {
        const counterparty = t.side === 'Bought' ? t.sellerUsername : t.buyerUsername;
        const counterpartyId = t.side === 'Bought' ? t.seller_id : t.buyer_id;
        return { ...t, counterparty, counterpartyId };
      }),
    [loaded],
  );
  const shown = useMemo(
    () =>
      rows.filter((t) =>
        matchesSearch(query, [
          t.playerName,
          t.teamName,
          t.side,
          t.counterparty ?? 'Market',
          t.itemType === 'team' ? 'team' : 'player',
          t.reason ? TRADE_REASON_LABELS[t.reason] : '',
        ]),
      ),
    [rows, query],
  );

  return (
    <>
      <PageTitle
        title="Transactions"
        subtitle="Every share you bought or sold, newest first, with the profit each sale made."
        actions={user && rows.length > 0 ? <ExportButton what="transactions" userId={user.id} /> : undefined}
      />
      <LeagueSeasonSelect value={season} onChange={setSeason} everyLabel="Every season" />
      <QueryState
        query={trades}
        loading="Loading your transactions…"
        failed={LOAD_FAILED.transactions}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState title="No transactions yet" action={<Link to="/market">Go to the market</Link>}>
            <p>Your trades will be listed here as soon as you buy or sell shares.</p>
          </EmptyState>
        }
      >
        {() => (
          <>
            <TableSearch
              label="Search transactions"
              placeholder="Player, team, Bought or Sold, user"
              value={search}
              onChange={setSearch}
              status={
                query.trim()
                  ? `${formatInteger(shown.length)} of ${formatInteger(rows.length)} shown${trades.hasNextPage ? ' (of those loaded)' : ''}`
                  : `${formatInteger(rows.length)} transactions${trades.hasNextPage ? ' loaded' : ''}`
              }
            />
            {shown.length === 0 ? (
              <EmptyState
                title="No transactions match your search"
                action={
                  <button type="button" className="button button-small button-secondary" onClick={() => setSearch('')}>
                    Clear the search
                  </button>
                }
              />
            ) : (
              <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Your transactions">
                <table className="table table-stack">
                  <caption className="sr-only">Your transactions</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Player</th>
                      <th scope="col">Type</th>
                      <NumHeader>Shares</NumHeader>
                      <NumHeader>Price</NumHeader>
                      <NumHeader>Total</NumHeader>
                      <NumHeader>Profit</NumHeader>
                      <th scope="col">With</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((t) => (
                      <tr key={t.tradeId}>
                        <td data-label="Date">
                          <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
                        </td>
                        <td data-label="Player" className="stack-title">
                          <Link to={itemPath(t.itemType, t.itemId)}>{t.playerName}</Link>
                          <div className="cell-note">{t.itemType === 'team' ? 'Team' : t.teamName}</div>
                        </td>
                        <td data-label="Type">
                          {t.reason ? (
                            <span className="side-badge side-reason">{TRADE_REASON_LABELS[t.reason]}</span>
                          ) : (
                            <span className={`side-badge ${t.side === 'Bought' ? 'side-bought' : 'side-sold'}`}>{t.side}</span>
                          )}
                        </td>
                        <td className="num" data-label="Shares">
                          {formatInteger(t.shares_transferred)}
                        </td>
                        <td className="num" data-label="Price">
                          {formatDollars(t.price_per_share)}
                        </td>
                        <td className="num stack-money" data-label="Total">
                          {formatDollars(t.total_value)}
                        </td>
                        <td className="num" data-label="Profit">
                          {t.realized_profit === null ? (
                            <span className="muted" title={t.side === 'Sold' ? 'Sold before profits were kept' : 'A purchase realizes nothing'}>
                              —
                            </span>
                          ) : (
                            <span className={toneOf(t.realized_profit)} data-testid="realized">
                              {formatSignedDollars(t.realized_profit)}
                            </span>
                          )}
                        </td>
                        <td data-label="With">
                          {t.counterparty && t.counterpartyId !== null ? (
                            <Link to={userPath(t.counterpartyId)}>{t.counterparty}</Link>
                          ) : (
                            <span className="muted">Market</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <LoadMore hasMore={trades.hasNextPage} loading={trades.isFetchingNextPage} onMore={() => void trades.fetchNextPage()} what="transactions" />
          </>
        )}
      </QueryState>
    </>
  );
}
