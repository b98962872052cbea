import Papa from 'papaparse';
import { TRADE_REASON_LABELS } from '../../shared/instrument';
import type { PortfolioExport, TransactionsExport } from '../../shared/schemas/exports';

const money = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));
/** Money that may be negative, as a number: a leading minus in text would be taken for a formula and guarded. */
const signedMoney = (dollars: number | null) => (dollars === null ? '' : Math.round(dollars * 100) / 100);

/**
 * CSV text with a header row. Cells that a spreadsheet would run as a formula (starting with =, +, -,
 * @, a tab or a return: a username may) are written with a leading apostrophe.
 */
function toCsv(fields: string[], rows: (string | number)[][]): string {
  return Papa.unparse({ fields, data: rows }, { escapeFormulae: true, newline: '\r\n' });
}

export function transactionsCsv(data: TransactionsExport): string {
  return toCsv(
    ['Date', 'Type', 'Item', 'Team', 'Side', 'Shares', 'Price', 'Total', 'Realized profit', 'Counterparty', 'Note'],
    data.transactions.map((t) => [
      t.date,
      t.itemType,
      t.item,
      t.team,
      t.side,
      t.shares,
      money(t.price),
      money(t.total),
      signedMoney(t.realizedProfit),
      t.counterparty,
      t.reason ? TRADE_REASON_LABELS[t.reason] : '',
    ]),
  );
}

export function portfolioCsv(data: PortfolioExport): string {
  return toCsv(
    ['Type', 'Name', 'Team', 'Shares', 'Listed shares', 'Average price', 'Current price', 'Value', 'Min sell price', 'Locked until'],
    data.holdings.map((h) => [
      h.itemType,
      h.name,
      h.team,
      h.shares,
      h.listedShares,
      money(h.averagePrice),
      money(h.currentPrice),
      money(h.value),
      money(h.minSellPrice),
      h.lockedUntil ?? '',
    ]),
  );
}

/** "hoops-transactions-2026-01-31.csv" */
export function exportFileName(what: 'transactions' | 'portfolio', at: string): string {
  return `hoops-${what}-${at.slice(0, 10)}.csv`;
}

/** Saves `text` as a file through the browser's download (a byte-order mark first, so spreadsheets read UTF-8 names). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
