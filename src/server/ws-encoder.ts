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
 * shared by every connection that receives the same event object (the market notices every
 * signed-in follower of `live.events` gets). The whole message is kept too, for the next connection
 * with the same envelope, which then gets the very same string. Answers to calls go to one client:
 * they are plain JSON.stringify, which writes the same bytes.
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
      // An answer to a call goes to one client: no envelope to share.
      if (!tracked) return JSON.stringify(message);
      const payload = (data as { data: unknown }).data;
      event = true;
      const envelope = members(m as Record<string, unknown>, 'result');
      const head = `{${envelope}${envelope === '' ? '' : ','}"result":{${members(result, 'data')},"data":{"id":${JSON.stringify((data as { id: unknown }).id)},"data":`;
      const tail = '}}}';
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
