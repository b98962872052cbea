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
import { useMemo, useRef, useState } from 'react';
import { Link } from '../../lib/leagueLinks';
import type { Player } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { EmptyState } from '../EmptyState';
import { SortHeader } from './SortHeader';

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});

const helper = createColumnHelper<typeof features, Player>();

/** Row height in pixels (fixed: cells do not wrap), for the virtualizer. */
const ROW_HEIGHT = 49;
/** Columns searched by the search box. */
const SEARCHED = new Set(['name', 'team_name']);

interface MarketTableProps {
  players: readonly Player[];
  search: string;
  onBuy: (player: Player) => void;
  /** Shown in the Owned column header, e.g. "Owned" — the caller's shares. */
  loggedIn: boolean;
}

/**
 * The market's player table (docs/screens.md §3 Pages: nine columns), sortable, filtered by the search box, and
 * virtualized: only the rows in view are in the page, so 500+ players sort, filter and update live
 * without jank. The table scrolls inside its own box (both ways on a phone).
 */
export function MarketTable({ players, search, onBuy, loggedIn }: MarketTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('name', {
          header: 'Player',
          sortFn: 'alphanumeric',
          cell: (info) => (
            <Link to={`/market/${info.row.original.id}/shareholders`} className="cell-strong" title={`Shareholders of ${info.getValue()}`}>
              {info.getValue()}
            </Link>
          ),
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
            </span>
          ),
        }),
      ]),
    [onBuy, loggedIn],
  );

  const data = players as Player[];
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
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length > 0 ? items[0]!.start : 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columnCount = columns.length;

  return (
    <>
      <p className="table-count muted" aria-live="polite">
        {rows.length === players.length
          ? `${formatInteger(players.length)} players`
          : `${formatInteger(rows.length)} of ${formatInteger(players.length)} players`}
      </p>
      <div ref={scrollRef} className="table-wrap table-scroll market-scroll" tabIndex={0} role="region" aria-label="Players">
        <table className="table market-table" aria-rowcount={rows.length + 1}>
          <colgroup>
            <col className="col-player" />
            <col className="col-team" />
            <col span={3} className="col-shares" />
            <col className="col-holders" />
            <col className="col-owned" />
            <col className="col-price" />
            <col className="col-action" />
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortHeader
                    key={header.id}
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
                <tr key={row.id} aria-rowindex={item.index + 2} data-testid={`player-row-${row.id}`}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={['name', 'team_name', 'action'].includes(cell.column.id) ? undefined : 'num'}>
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
          <EmptyState title="No players match your search">
            <p>Try part of a name or a team, like “Celtics”.</p>
          </EmptyState>
        ) : null}
      </div>
    </>
  );
}
