/**
 * The ticker's side of tRPC's WebSocket protocol, byte for byte as tRPC (with our encoder) writes it
 * (README, "Following the live feed"): the requests a client sends to follow the ticker, and the
 * messages and frames it gets back.
 */

export type SubscriptionId = number | string;
export type JsonRpc = '2.0' | undefined;

export const TICKER_PATH = 'live.ticker';

export type TickerRequest = { kind: 'subscribe'; id: SubscriptionId; jsonrpc: JsonRpc; input: unknown } | { kind: 'stop'; id: SubscriptionId };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown): v is SubscriptionId => typeof v === 'number' || typeof v === 'string';

/**
 * A subscription to the ticker or a `subscription.stop`, when `message` is one and well formed;
 * null for anything else (tRPC answers those, with its own errors). The input gets the request's
 * `lastEventId` as tRPC merges it.
 */
export function tickerRequest(message: unknown): TickerRequest | null {
  if (!isObject(message) || !isId(message.id) || (message.jsonrpc !== undefined && message.jsonrpc !== '2.0')) return null;
  if (message.method === 'subscription.stop') return { kind: 'stop', id: message.id };
  const params = message.params;
  if (message.method !== 'subscription' || !isObject(params) || params.path !== TICKER_PATH) return null;
  let input = params.input;
  const { lastEventId } = params;
  if (lastEventId !== undefined) {
    if (isObject(input)) input = { ...input, lastEventId };
    else input ??= { lastEventId };
  }
  return { kind: 'subscribe', id: message.id, jsonrpc: message.jsonrpc, input };
}

/** `{"id":…,"result":{"type":"started"}}` or `…"stopped"…`, with `"jsonrpc"` when the request had it. */
export function controlMessage(id: SubscriptionId, jsonrpc: JsonRpc, type: 'started' | 'stopped'): string {
  return JSON.stringify({ id, jsonrpc, result: { type } });
}

/** What precedes the event id in each data message to one subscription. */
export function dataHead(id: SubscriptionId, jsonrpc: JsonRpc): string {
  return `{"id":${JSON.stringify(id)}${jsonrpc === undefined ? '' : ',"jsonrpc":"2.0"'},"result":{"type":"data","id":`;
}

/** A tracked event: `{"id":…,"result":{"type":"data","id":"<eventId>","data":{"id":"<eventId>","data":<payload>}}}`. */
export function dataMessage(head: string, eventId: string, payloadJson: string): string {
  const id = JSON.stringify(eventId);
  return `${head}${id},"data":{"id":${id},"data":${payloadJson}}}}`;
}

/** A text frame as a server sends it (RFC 6455: final, opcode 1, unmasked) around `message`, encoded once. */
export function textFrame(message: string): Buffer {
  const length = Buffer.byteLength(message);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(message, header, 'utf8');
  return frame;
}
