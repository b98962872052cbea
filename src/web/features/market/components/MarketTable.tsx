import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { Link } from '../../../lib/leagueLinks';
import type { Player } from '../../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../../lib/format';
import { EmptyState } from '../../../components/EmptyState';
import { PlayerAvatar } from '../../../components/faces/Faces';
import { SortHeader } from '../../../components/table/SortHeader';
import { StarButton } from '../../watchlist/StarButton';
import { ChangeText } from './ChangeText';
import { Sparkline } from './Sparkline';
import '../../../components/trade/trade.css';
import './MarketTable.css';

/** A player as the market table shows him: his row, his mark's 24-hour change and week, and whether the caller starred him. */
export type MarketRow = Player & { change_bp: number; spark: readonly number[]; starred: boolean };

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});

const helper = createColumnHelper<typeof features, MarketRow>();

/** A row's height in pixels before it is measured: a table row (cells do not wrap), or a phone's card. */
const ROW_HEIGHT = 49;
const CARD_HEIGHT = 280;
/** Below this width rows are cards (components/table/table.css). */
const PHONE_QUERY = '(max-width: 640px)';
/** The column whose figure a phone's card shows beside the name; the name and the buttons have their own places. */
const CELL_CLASS: Record<string, string> = {
  name: 'stack-title',
  team_name: 'market-team',
  last_trade_price: 'num stack-money',
  action: 'stack-actions',
};
/** Columns searched by the search box. */
const SEARCHED = new Set(['name', 'team_name']);

/** The sorts a phone offers in a select, since its cards have no column headers. */
const PHONE_SORTS: readonly { value: string; label: string }[] = [
  { value: 'name:asc', label: 'Player, A to Z' },
  { value: 'name:desc', label: 'Player, Z to A' },
  { value: 'team_name:asc', label: 'Team, A to Z' },
  { value: 'change:desc', label: 'Biggest rise, 24h' },
  { value: 'change:asc', label: 'Biggest fall, 24h' },
  { value: 'last_trade_price:desc', label: 'Last Price, highest first' },
  { value: 'last_trade_price:asc', label: 'Last Price, lowest first' },
  { value: 'owned:desc', label: 'Owned, most first' },
  { value: 'shareholder_count:desc', label: 'Shareholders, most first' },
  { value: 'shares_remaining:desc', label: 'Remaining, most first' },
  { value: 'total_distributed:desc', label: 'Distributed, most first' },
  { value: 'total_shares:desc', label: 'Total Shares, most first' },
];

const HEADERS: Record<string, string> = {
  name: 'Player',
  team_name: 'Team',
  total_shares: 'Total Shares',
  total_distributed: 'Distributed',
  shares_remaining: 'Remaining',
  shareholder_count: 'Shareholders',
  owned: 'Owned',
  last_trade_price: 'Last Price',
  change: '24h Change',
};

/** A sort the select does not list (one a header chose): "Team, Z to A" or "Owned, fewest first". */
function sortLabel(value: string): string {
  const [id = 'name', way] = value.split(':');
  const text = id === 'name' || id === 'team_name';
  return `${HEADERS[id] ?? id}, ${way === 'desc' ? (text ? 'Z to A' : 'highest first') : text ? 'A to Z' : 'lowest first'}`;
}

interface MarketTableProps {
  players: readonly MarketRow[];
  /** How many players there are before the filters (the count says "12 of 460 players"). */
  total: number;
  /** What to say when the filters leave no player. */
  emptyHint: string;
  /** Sort as the page's address says, and tell it a new one. */
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  search: string;
  onBuy: (player: Player) => void;
  /** Shown in the Owned column header, e.g. "Owned" — the caller's shares. */
  loggedIn: boolean;
}

/**
 * The market's player table (docs/screens.md §3 Pages: nine columns), sortable, filtered by the search box, and
 * virtualized: only the rows in view are in the page, so 500+ players sort, filter and update live
 * without jank. The table scrolls up and down inside its own box; on a phone each row is a card of
 * its own measured height, and a select sorts in place of the hidden headers.
 */
export function MarketTable({ players, total, emptyHint, sorting, onSortingChange, search, onBuy, loggedIn }: MarketTableProps) {
  const setSorting = (updater: SortingState | ((old: SortingState) => SortingState)) =>
    onSortingChange(typeof updater === 'function' ? updater(sorting) : updater);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('name', {
          header: 'Player',
          sortFn: 'alphanumeric',
          cell: (info) => {
            const p = info.row.original;
            return (
              <span className="market-name">
                {loggedIn ? (
                  <span className="market-star-wide">
                    <StarButton kind="player" id={p.id} name={p.name} starred={p.starred} />
                  </span>
                ) : null}
                <PlayerAvatar name={p.name} teamCode={p.team_code} />
                <span className="market-name-text">
                  <Link to={`/market/${p.id}/shareholders`} className="cell-strong" title={`Shareholders of ${info.getValue()}`}>
                    {info.getValue()}
                  </Link>
                  <span className="cell-note market-team-note">{p.team_name}</span>
                </span>
              </span>
            );
          },
        }),
        helper.accessor('team_name', { header: 'Team', sortFn: 'alphanumeric', cell: (info) => <span title={info.getValue()}>{info.getValue()}</span> }),
        helper.accessor('total_shares', { header: 'Total Shares', sortFn: 'basic', sortDescFirst: true, cell: (info) => formatInteger(info.getValue()) }),
        helper.accessor('total_distributed', { header: 'Distributed', sortFn: 'basic', sortDescFirst: true, cell: (info) => formatInteger(info.getValue()) }),
        helper.accessor('shares_remaining', { header: 'Remaining', sortFn: 'basic', sortDescFirst: true, cell: (info) => formatInteger(info.getValue()) }),
        helper.accessor('shareholder_count', { header: 'Shareholders', sortFn: 'basic', sortDescFirst: true, cell: (info) => formatInteger(info.getValue()) }),
        helper.accessor('owned', {
          header: 'Owned',
          sortFn: 'basic',
          sortDescFirst: true,
          cell: (info) => (info.getValue() > 0 ? <strong>{formatInteger(info.getValue())}</strong> : <span className="muted">{loggedIn ? '0' : '—'}</span>),
        }),
        helper.accessor((p) => p.last_trade_price ?? -1, {
          id: 'last_trade_price',
          header: 'Last Price',
          sortFn: 'basic',
          sortDescFirst: true,
          cell: (info) => (info.row.original.last_trade_price === null ? <span className="muted">—</span> : formatDollars(info.row.original.last_trade_price)),
        }),
        helper.accessor('change_bp', {
          id: 'change',
          header: '24h Change',
          sortFn: 'basic',
          sortDescFirst: true,
          cell: (info) => (
            <span className="market-trend">
              <Sparkline cents={info.row.original.spark} markCents={Math.round(info.row.original.current_price * 100)} name={info.row.original.name} />
              <ChangeText bp={info.getValue()} />
            </span>
          ),
        }),
        helper.display({
          id: 'action',
          header: 'Action',
          cell: (info) => (
            <span className="trade-actions">
              <button type="button" className="button button-small" onClick={() => onBuy(info.row.original)} aria-label={`Buy ${info.row.original.name}`}>
                Buy
              </button>
              <Link to={`/market/${info.row.original.id}`} className="button button-small button-secondary" aria-label={`View ${info.row.original.name}`}>
                View
              </Link>
              {/* Last in the row's order (its buttons come first), first in a phone card's line. */}
              {loggedIn ? (
                <span className="market-star-phone">
                  <StarButton kind="player" id={info.row.original.id} name={info.row.original.name} starred={info.row.original.starred} />
                </span>
              ) : null}
            </span>
          ),
        }),
      ]),
    [onBuy, loggedIn],
  );

  const data = players as MarketRow[];
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (p) => String(p.id),
    state: { sorting, globalFilter: search },
    onSortingChange: setSorting,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: (column) => SEARCHED.has(column.id),
    enableSortingRemoval: false,
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here; the virtualizer is read during render, as TanStack Virtual intends.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (window.matchMedia(PHONE_QUERY).matches ? CARD_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length > 0 ? items[0]!.start : 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columnCount = columns.length;
  const sortValue = sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : 'name:asc';

  return (
    <>
      <div className="market-toolbar">
        <p className="table-count muted" aria-live="polite">
          {rows.length === total ? `${formatInteger(total)} players` : `${formatInteger(rows.length)} of ${formatInteger(total)} players`}
        </p>
        <label className="market-sort">
          <span>Sort by</span>
          <select
            className="input-small"
            value={sortValue}
            onChange={(e) => {
              const [id = 'name', way] = e.target.value.split(':');
              setSorting([{ id, desc: way === 'desc' }]);
            }}
          >
            {PHONE_SORTS.some((o) => o.value === sortValue) ? null : <option value={sortValue}>{sortLabel(sortValue)}</option>}
            {PHONE_SORTS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div ref={scrollRef} className="table-wrap table-scroll market-scroll" tabIndex={0} role="region" aria-label="Players">
        <table className="table market-table table-stack stack-pairs" aria-rowcount={rows.length + 1}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortHeader
                    key={header.id}
                    className={`market-col-${header.column.id}`}
                    label={String(header.column.columnDef.header)}
                    numeric={!['name', 'team_name', 'action'].includes(header.column.id)}
                    sorted={header.column.getIsSorted()}
                    onSort={header.column.getCanSort() ? header.column.getToggleSortingHandler() : undefined}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {top > 0 ? (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: top }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <tr key={row.id} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2} data-testid={`player-row-${row.id}`}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} data-label={String(cell.column.columnDef.header)} className={CELL_CLASS[cell.column.id] ?? 'num'}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
            {bottom > 0 ? (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: bottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {rows.length === 0 ? (
          <EmptyState title={players.length === 0 ? 'No players match your filters' : 'No players match your search'}>
            <p>{players.length === 0 ? emptyHint : 'Try part of a name or a team, like “Celtics”.'}</p>
          </EmptyState>
        ) : null}
      </div>
    </>
  );
}
