import type { ExchangeCommand, ExchangeOutcome } from '../engine/commands.js';
import type { Exchange } from '../engine/exchange.js';
import { centsToDollars } from '../shared/money.js';
import type { TradeResult } from '../shared/schemas/trading.js';
import { refusalError } from './errors.js';

/** Submits a command; a refusal becomes the error the server's one table gives its code, with the exchange's message. */
export async function submit(exchange: Exchange, command: ExchangeCommand): Promise<ExchangeOutcome> {
  const result = await exchange.submit(command);
  if (!result.ok) throw refusalError(result.error);
  return result.outcome;
}

/** The answer to a trading call, in dollars. */
export function tradeResultOf(outcome: ExchangeOutcome, message: string): TradeResult {
  return {
    message,
    sharesPurchased: outcome.bought,
    sharesSold: outcome.sold,
    fills: outcome.fills.map((f) => ({
      tradeId: f.tradeId,
      buyerId: f.buyerId,
      sellerId: f.sellerId,
      shares: f.shares,
      price_per_share: centsToDollars(f.priceCents),
    })),
    ask: outcome.ask && { askId: outcome.ask.id, shares: outcome.ask.shares, price_per_share: centsToDollars(outcome.ask.priceCents) },
    offer: outcome.offer && { offerId: outcome.offer.id, shares: outcome.offer.shares, price_per_share: centsToDollars(outcome.offer.priceCents) },
  };
}
