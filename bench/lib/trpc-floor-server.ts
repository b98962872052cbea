/**
 * The second floor under the full path: tRPC itself. The same ws adapter, the same procedure names,
 * the same input and output schemas as the real trading calls, and procedures that answer at once
 * with a constant (no session, no exchange, no database). Between the echo floor and the full path,
 * it shows what tRPC's own dispatch and validation cost per order on this machine.
 */
import { initTRPC } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { buyInput, cancelAskInput, cancelOfferInput, commandResult, listOfferInput } from '../../src/shared/schemas/trading.js';
import { ANSWER, listenWs, type FloorServer } from './echo-server.js';

const t = initTRPC.create({ isDev: false });
const answer = t.procedure.output(commandResult);
const floorRouter = t.router({
  trade: t.router({
    buy: answer.input(buyInput).mutation(() => ANSWER),
    listOffer: answer.input(listOfferInput).mutation(() => ANSWER),
    cancelAsk: answer.input(cancelAskInput).mutation(() => ANSWER),
    cancelOffer: answer.input(cancelOfferInput).mutation(() => ANSWER),
  }),
});

export function startTrpcFloorServer(): Promise<FloorServer> {
  return listenWs((wss) => {
    applyWSSHandler({ wss, router: floorRouter, createContext: () => ({}) });
  });
}
