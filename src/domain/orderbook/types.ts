/**
 * The data of one instrument's order book (a player or a team: they trade the same way), the
 * commands it plans, and the plans it returns. Money is integer cents, shares are integers.
 * Names follow docs/rules.md §3 Orders and escrow: an *ask* is a buyer's resting order, an *offer* a holder's listing, a
 * *standing sell* the unlisted shares of a holding offered at its minimum sell price.
 */
import type { UnbrandedCents as Cents } from '../../shared/money.js';
import type { BookError } from './errors.js';

export type UserId = number;
export type OrderId = number;
/** Time priority, given by the engine: a sequence number or timestamp, smaller is older. */
export type Seq = number;

/** An open ask (buy N at ≤ price, cash in escrow) or offer (sell N at price, shares listed). */
export interface RestingOrder {
  readonly id: OrderId;
  readonly userId: UserId;
  readonly price: Cents;
  /** Shares still open. */
  readonly shares: number;
  readonly seq: Seq;
}

/** Every unlisted, unlocked share of a holding, offered at the holding's minimum sell price. */
export interface StandingSell {
  readonly userId: UserId;
  readonly price: Cents;
  /** The holding's unlisted, unlocked shares. */
  readonly shares: number;
  /** When the minimum price was last set or the holding last grew. */
  readonly seq: Seq;
}

/** A whole book. Lists come in priority order (asks best first; offers best first; standing sells by user id). */
export interface BookSnapshot {
  /** Open-market shares, sold at $1.00. */
  readonly remaining: number;
  readonly asks: readonly RestingOrder[];
  readonly offers: readonly RestingOrder[];
  readonly standingSells: readonly StandingSell[];
}

/** Buy `shares` at up to `price`: open market first, then sells ≤ price, the rest rests as an ask. */
export interface BuyCommand {
  readonly kind: 'buy';
  readonly userId: UserId;
  readonly shares: number;
  readonly price: Cents;
  /** The buyer's available cash (balance, not counting cash already in escrow). */
  readonly cash: Cents;
  /** Id for the ask, if one rests (the engine allocates it). */
  readonly orderId: OrderId;
  readonly seq: Seq;
}

/** List `shares` at `price`: resting asks ≥ price fill at once, the rest rests as an offer. */
export interface ListOfferCommand {
  readonly kind: 'listOffer';
  readonly userId: UserId;
  readonly shares: number;
  readonly price: Cents;
  /** The seller's unlisted, unlocked shares. */
  readonly unlisted: number;
  readonly orderId: OrderId;
  readonly seq: Seq;
}

/** Set (or replace) a user's standing sell; resting asks ≥ price fill from it at once. */
export interface SetStandingSellCommand {
  readonly kind: 'setStandingSell';
  readonly userId: UserId;
  readonly price: Cents;
  /** The holding's unlisted, unlocked shares (0 removes the standing sell). */
  readonly shares: number;
  readonly seq: Seq;
}

export interface RemoveStandingSellCommand {
  readonly kind: 'removeStandingSell';
  readonly userId: UserId;
}

/** Sell min(shares, the ask's remainder, unlisted) to an ask at the ask's price. */
export interface AcceptAskCommand {
  readonly kind: 'acceptAsk';
  readonly userId: UserId;
  readonly askId: OrderId;
  readonly shares: number;
  /** The seller's unlisted, unlocked shares. */
  readonly unlisted: number;
}

/** Buy all of an offer, or `shares` of it (capped at its remainder), at the offer's price. */
export interface AcceptOfferCommand {
  readonly kind: 'acceptOffer';
  readonly userId: UserId;
  readonly offerId: OrderId;
  readonly shares?: number | undefined;
  readonly cash: Cents;
}

export interface CancelAskCommand {
  readonly kind: 'cancelAsk';
  readonly userId: UserId;
  readonly askId: OrderId;
}

export interface CancelOfferCommand {
  readonly kind: 'cancelOffer';
  readonly userId: UserId;
  readonly offerId: OrderId;
}

/** Sell up to `unlisted` shares to the open market at $1.00; 0, negative or NaN does nothing. */
export interface DumpCommand {
  readonly kind: 'dump';
  readonly userId: UserId;
  readonly shares: number;
  /** The seller's unlisted, unlocked shares. */
  readonly unlisted: number;
}

export type Command =
  | BuyCommand
  | ListOfferCommand
  | SetStandingSellCommand
  | RemoveStandingSellCommand
  | AcceptAskCommand
  | AcceptOfferCommand
  | CancelAskCommand
  | CancelOfferCommand
  | DumpCommand;

export type CommandKind = Command['kind'];

/** One trade: `shares` from seller to buyer at `price` each. */
export interface Fill {
  /** null: the open market bought (a dump). */
  readonly buyerId: UserId | null;
  /** null: the open market sold. */
  readonly sellerId: UserId | null;
  readonly shares: number;
  readonly price: Cents;
  /** The resting ask this fill took; the buyer paid from its escrow. */
  readonly askId: OrderId | null;
  /** The resting offer this fill took. */
  readonly offerId: OrderId | null;
  /** True when the seller side was the seller's standing sell. */
  readonly standingSell: boolean;
  /**
   * Escrow returned to the buyer's cash because an ask filled below its price (open-market
   * supply fills asks at $1.00): shares × (ask price − price). 0 otherwise.
   */
  readonly escrowRefund: Cents;
}

/** An existing ask or offer whose open shares change; 0 means it leaves the book. */
export interface OrderUpdate {
  readonly id: OrderId;
  readonly userId: UserId;
  readonly shares: number;
}

/** What a plan does to one user, summed over its fills, escrow and refunds. */
export interface AccountChange {
  readonly userId: UserId;
  /** Change of available cash. */
  readonly cash: Cents;
  /** Change of cash held in escrow by the user's asks. */
  readonly escrow: Cents;
  /** Change of the user's holding (listed and unlisted shares). */
  readonly shares: number;
}

/**
 * What one command does, decided but not yet done. The engine writes it to the database, then
 * applies it to the book it was planned on (and to no other state of that book).
 */
export interface Plan {
  readonly kind: CommandKind;
  /** The user who sent the command. */
  readonly userId: UserId;
  /** The book version the plan was made on; applying it to another version throws. */
  readonly version: number;
  /** True when the command changes nothing (a dump of 0 shares, removing a missing standing sell). */
  readonly noop: boolean;
  /** Trades, in the order they happened. */
  readonly fills: readonly Fill[];
  /** Shares the acting user bought / sold (a dump counts as sold). */
  readonly bought: number;
  readonly sold: number;
  /** Open-market shares after the command. */
  readonly remaining: number;
  /** The ask posted for the rest of a buy (its escrow is shares × price). */
  readonly newAsk: RestingOrder | null;
  /** The offer posted for the rest of a listing. */
  readonly newOffer: RestingOrder | null;
  readonly askUpdates: readonly OrderUpdate[];
  readonly offerUpdates: readonly OrderUpdate[];
  /** Standing sells after the command, for each one it touched; shares 0 means removed. */
  readonly standingSellUpdates: readonly StandingSell[];
  /** The order a cancel command removed, as it was. */
  readonly cancelled: RestingOrder | null;
  /** One entry per user touched, ordered by user id. */
  readonly accounts: readonly AccountChange[];
}

export type PlanResult = { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly error: BookError };

/** One instrument's book. `plan` never changes it; `apply` does. */
export interface OrderBook {
  /** Counts applied plans. */
  readonly version: number;
  /** Open-market shares. */
  readonly remaining: number;
  plan(command: Command): PlanResult;
  /** Applies a plan made on this book at its current version; throws if the plan is stale. */
  apply(plan: Plan): void;
  getAsk(id: OrderId): RestingOrder | undefined;
  getOffer(id: OrderId): RestingOrder | undefined;
  getStandingSell(userId: UserId): StandingSell | undefined;
  /**
   * The best open ask (highest price, then oldest) that `userId` does not own, or undefined: the
   * ask a new ask of `userId` would outbid. Standing sells and offers are not asks. Cheap: it looks
   * at the top of the book only, past the user's own asks.
   */
  bestAskExcept(userId: UserId): BestAsk | undefined;
  /**
   * The best `levels` price levels of each side, summed: what a depth chart shows. The open market
   * is not a level (it is `remaining`, at $1.00). Reads only the levels it returns.
   */
  depth(levels: number): BookDepth;
  /** The first `limit` sells in the order a buy takes them, after the open market. */
  sellQueue(limit: number): QueuedSell[];
  snapshot(): BookSnapshot;
}

/** The shares and orders resting at one price. */
export interface DepthLevel {
  readonly price: Cents;
  readonly shares: number;
  readonly orders: number;
}

/** The best price levels of each side: asks highest first, sells (offers and standing sells) lowest first. */
export interface BookDepth {
  readonly asks: readonly DepthLevel[];
  readonly sells: readonly DepthLevel[];
}

/** A sell as a buy would take it: an offer (with its id) or a standing sell (offerId null). */
export interface QueuedSell {
  readonly userId: UserId;
  readonly price: Cents;
  readonly shares: number;
  readonly offerId: OrderId | null;
}

/** Who holds an ask, and at what price. */
export interface BestAsk {
  readonly userId: UserId;
  readonly price: Cents;
}

export type BookFactory = (snapshot?: BookSnapshot) => OrderBook;
