/**
 * A market ready for the mix: one player of about the median salary whose open market is sold out
 * to the benchmark's users in equal parts, each holding's minimum sell price set far above the
 * band (so standing sells stay out of the way), all through the exchange itself.
 */
import type { Db } from '../../src/db/client.js';
import { createLedgerRepo } from '../../src/db/repos/ledger.js';
import type { ExchangeCommand, InstrumentRef } from '../../src/engine/commands.js';
import type { Exchange } from '../../src/engine/exchange.js';
import { addUser } from '../../src/engine/test-support/db.js';
import { addMember } from '../../src/db/test-support/fixtures.js';

/** $1,000: far above the band of the mix, so holdings never sell by themselves. */
export const FAR_MIN_SELL_CENTS = 100_000;
const TARGET_SALARY = 6_000_000;

export interface Market {
  ref: InstrumentRef;
  users: number[];
  sharesEach: number;
}

/** `submit` answers once the command is durable: at once (one transaction each) or later (group commit); `await` takes both. */
async function must(exchange: Exchange, command: ExchangeCommand): Promise<void> {
  const result = await exchange.submit(command);
  if (!result.ok) throw new Error(`setup command refused: ${result.error.message}`);
}

/** With `accounts` (a server's accounts database), each user is also an account and a member of the default league. */
export async function setupMarket(db: Db, exchange: Exchange, userCount: number, prefix: string, accounts?: Db): Promise<Market> {
  const ledger = createLedgerRepo(db);
  const player = ledger
    .instruments('player')
    .filter((p) => p.remaining >= userCount * 1_000)
    .sort((a, b) => Math.abs(a.remaining - TARGET_SALARY) - Math.abs(b.remaining - TARGET_SALARY))[0];
  if (!player) throw new Error('no player with enough open-market shares');
  const ref: InstrumentRef = { kind: 'player', id: player.id };
  const users = db.$client.transaction(() =>
    Array.from({ length: userCount }, (_, i) => (accounts ? addMember(accounts, db, `${prefix}${i}`) : addUser(db, `${prefix}${i}`))),
  )();
  const sharesEach = Math.floor(player.remaining / userCount);
  // Every user at once: the exchange may commit them together.
  await Promise.all(
    users.map(async (userId, i) => {
      const shares = i === userCount - 1 ? player.remaining - sharesEach * (userCount - 1) : sharesEach;
      await must(exchange, { type: 'buy', userId, instrument: ref, shares, priceCents: 100 });
      await must(exchange, { type: 'setMinSellPrice', userId, instrument: ref, priceCents: FAR_MIN_SELL_CENTS });
    }),
  );
  const left = ledger.instrument('player', player.id)?.sharesRemaining;
  if (left !== 0) throw new Error(`the open market still has ${left} shares`);
  return { ref, users, sharesEach };
}
