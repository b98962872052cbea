/**
 * The fast order book, behind this one front: its records, indexes and planners are its own.
 * Everything else reaches it through `createOrderBook` and the `OrderBook` contract of ../types.ts.
 */
export { createOrderBook } from './book.js';
