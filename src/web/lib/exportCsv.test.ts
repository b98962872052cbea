import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportFileName, portfolioCsv, transactionsCsv } from './exportCsv';

const parse = (csv: string) => Papa.parse<string[]>(csv.trim()).data;

describe('CSV exports', () => {
  it('writes transactions with money in dollars to 2 decimals, and guards cells a spreadsheet would run', () => {
    const csv = transactionsCsv({
      userId: 1,
      username: 'me',
      exportedAt: '2026-01-31T10:00:00.000Z',
      transactions: [
        {
          tradeId: 2,
          date: '2026-01-31T09:00:00.000Z',
          itemType: 'player',
          itemId: 7,
          item: 'Nikola Jokić',
          team: 'Denver Nuggets',
          side: 'Sold',
          shares: 12,
          price: 1.5,
          total: 18,
          counterparty: '=HYPERLINK("x")',
          reason: null,
          realizedProfit: -2.5,
        },
        {
          tradeId: 1,
          date: '2026-01-30T09:00:00.000Z',
          itemType: 'team',
          itemId: 3,
          item: 'Boston Celtics',
          team: 'Boston Celtics',
          side: 'Bought',
          shares: 3,
          price: 1,
          total: 3,
          counterparty: 'Market',
          reason: null,
          realizedProfit: null,
        },
        {
          tradeId: 0,
          date: '2026-01-29T09:00:00.000Z',
          itemType: 'player',
          itemId: 9,
          item: 'Amari Williams',
          team: 'Boston Celtics',
          side: 'Sold',
          shares: 280_000,
          price: 1,
          total: 280_000,
          counterparty: 'Market',
          reason: 'retirement',
          realizedProfit: 3.25,
        },
      ],
    });
    expect(parse(csv)).toEqual([
      ['Date', 'Type', 'Item', 'Team', 'Side', 'Shares', 'Price', 'Total', 'Realized profit', 'Counterparty', 'Note'],
      ['2026-01-31T09:00:00.000Z', 'player', 'Nikola Jokić', 'Denver Nuggets', 'Sold', '12', '1.50', '18.00', '-2.5', `'=HYPERLINK("x")`, ''],
      ['2026-01-30T09:00:00.000Z', 'team', 'Boston Celtics', 'Boston Celtics', 'Bought', '3', '1.00', '3.00', '', 'Market', ''],
      ['2026-01-29T09:00:00.000Z', 'player', 'Amari Williams', 'Boston Celtics', 'Sold', '280000', '1.00', '280000.00', '3.25', 'Market', 'Bought back at retirement'],
    ]);
    for (const bad of ['+1', '-1', '@SUM(A1)']) {
      const row = parse(
        transactionsCsv({
          userId: 1,
          username: 'me',
          exportedAt: '',
          transactions: [
            {
              tradeId: 1,
              date: 'd',
              itemType: 'player',
              itemId: 1,
              item: 'i',
              team: 't',
              side: 'Bought',
              shares: 1,
              price: 1,
              total: 1,
              counterparty: bad,
              reason: null,
              realizedProfit: null,
            },
          ],
        }),
      )[1]!;
      expect(row[9]).toBe(`'${bad}`);
    }
  });

  it('writes holdings with average price, current price (empty when never traded), value and lock', () => {
    const csv = portfolioCsv({
      userId: 1,
      username: 'me',
      exportedAt: '2026-01-31T10:00:00.000Z',
      cash: 10,
      escrow: 0,
      shareValue: 5,
      totalValue: 15,
      holdings: [
        {
          itemType: 'player',
          itemId: 7,
          name: 'Stephen Curry',
          team: 'Golden State Warriors',
          shares: 100,
          listedShares: 30,
          averagePrice: 1.505,
          currentPrice: 3,
          value: 300,
          minSellPrice: 1.66,
          lockedUntil: null,
        },
        {
          itemType: 'team',
          itemId: 3,
          name: 'Boston Celtics',
          team: 'East',
          shares: 40,
          listedShares: 0,
          averagePrice: 2,
          currentPrice: null,
          value: 80,
          minSellPrice: 2,
          lockedUntil: '2026-02-07T10:00:00.000Z',
        },
      ],
    });
    expect(parse(csv)).toEqual([
      ['Type', 'Name', 'Team', 'Shares', 'Listed shares', 'Average price', 'Current price', 'Value', 'Min sell price', 'Locked until'],
      ['player', 'Stephen Curry', 'Golden State Warriors', '100', '30', '1.50', '3.00', '300.00', '1.66', ''],
      ['team', 'Boston Celtics', 'East', '40', '0', '2.00', '', '80.00', '2.00', '2026-02-07T10:00:00.000Z'],
    ]);
    expect(exportFileName('portfolio', '2026-01-31T10:00:00.000Z')).toBe('hoops-portfolio-2026-01-31.csv');
  });
});
