import type { Encoder } from '@trpc/server/adapters/ws';

/** `"key":value` for each defined member but `skip`, in the object's order, comma-separated. */
function members(o: Record<string, unknown>, skip: string): string {
  let out = '';
  for (const key in o) {
    const value = o[key];
    if (key === skip || value === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return out;
}

/**
 * tRPC's JSON wire format, except that the payload of a subscription event is serialised once and
 * shared by every connection that receives the same event object: with thousands of clients on the
 * ticker, each trade costs one JSON.stringify of its payload, not one per client. The whole message
 * is kept too, for the next connection with the same envelope (every plain WebSocket follower
 * subscribes with id 1), so those get the very same string.
 */
export function createSharedPayloadEncoder(): Encoder & { lastWasEvent(): boolean } {
  const payloads = new WeakMap<object, string>();
  let event = false;
  const messages = new WeakMap<object, { head: string; json: string }>();
  const payloadJson = (data: object): string => {
    let json = payloads.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      payloads.set(data, json);
    }
    return json;
  };
  return {
    encode(message: unknown): string {
      event = false;
      const m = message as { result?: { type?: unknown; data?: unknown } } | null;
      if (!m || typeof m !== 'object' || !m.result || m.result.type !== 'data' || m.result.data === undefined) return JSON.stringify(message);
      const result = m.result as Record<string, unknown>;
      const data = result.data;
      // A tracked event arrives as { id, data }: the inner data is the shared event object.
      const tracked = data !== null && typeof data === 'object' && Object.keys(data).length === 2 && 'id' in data && 'data' in data;
      const payload = tracked ? (data as { data: unknown }).data : data;
      event = tracked;
      const envelope = members(m as Record<string, unknown>, 'result');
      const head = `{${envelope}${envelope === '' ? '' : ','}"result":{${members(result, 'data')},"data":${
        tracked ? `{"id":${JSON.stringify((data as { id: unknown }).id)},"data":` : ''
      }`;
      const tail = tracked ? '}}}' : '}}';
      if (payload === null || typeof payload !== 'object') return `${head}${JSON.stringify(payload)}${tail}`;
      const last = messages.get(payload);
      if (last?.head === head) return last.json;
      const json = `${head}${payloadJson(payload)}${tail}`;
      messages.set(payload, { head, json });
      return json;
    },
    /** Whether the last message encoded was a subscription's tracked event (not an answer to a call). */
    lastWasEvent: () => event,
    decode(data: string | ArrayBuffer | Uint8Array) {
      if (typeof data !== 'string') throw new Error('JSON messages are text frames');
      return JSON.parse(data);
    },
  };
}
