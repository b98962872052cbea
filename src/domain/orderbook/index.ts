/**
 * The order book of one instrument (a player or a team): `book.plan(command)` decides, without
 * changing the book; the engine writes the plan to the database, then `book.apply(plan)`.
 *
 * The book lowers a standing sell itself when its holder's unlisted shares go down (fills from it,
 * listing, selling to an ask, dumping). Whenever a holder's sellable shares go up (every user who
 * is a fill's buyer, and the seller of a cancelled offer), the engine sends `setStandingSell` with
 * the holding's minimum price, its unlisted unlocked shares and the time: it matches at once if it
 * now meets an ask, so the book never stays crossed.
 */
export { createOrderBook } from './fast/index.js';
export { createReferenceBook } from './reference-book.js';
export { findBadQuantity, findCrossing } from './invariants.js';
export { bookErrors, type BookError, type BookErrorCode } from './errors.js';
export type {
  AcceptAskCommand,
  AcceptOfferCommand,
  AccountChange,
  BestAsk,
  BookDepth,
  BookFactory,
  BookSnapshot,
  BuyCommand,
  CancelAskCommand,
  CancelOfferCommand,
  Command,
  DepthLevel,
  CommandKind,
  DumpCommand,
  Fill,
  ListOfferCommand,
  OrderBook,
  OrderId,
  OrderUpdate,
  Plan,
  PlanResult,
  QueuedSell,
  RemoveStandingSellCommand,
  RestingOrder,
  Seq,
  SetStandingSellCommand,
  StandingSell,
  UserId,
} from './types.js';
