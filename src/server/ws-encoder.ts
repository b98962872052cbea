import type { Encoder } from '@trpc/server/adapters/ws';

const members = (o: Record<string, unknown>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);

/**
 * tRPC's JSON wire format, except that the payload of a subscription event is serialised once and
 * shared by every connection that receives the same event object: with thousands of clients on the
 * ticker, each trade costs one JSON.stringify of its payload, not one per client.
 */
export function createSharedPayloadEncoder(): Encoder {
  const payloads = new WeakMap<object, string>();
  const payloadJson = (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let json = payloads.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      payloads.set(data, json);
    }
    return json;
  };
  return {
    encode(message: unknown): string {
      const m = message as { result?: { type?: unknown; data?: unknown } } | null;
      if (!m || typeof m !== 'object' || !m.result || m.result.type !== 'data') return JSON.stringify(message);
      const { result, ...envelope } = m as { result: Record<string, unknown> };
      const { data, ...resultRest } = result;
      // A tracked event arrives as { id, data }: the inner data is the shared event object.
      const tracked = data && typeof data === 'object' && Object.keys(data).length === 2 && 'id' in data && 'data' in data;
      const dataJson = tracked
        ? `{"id":${JSON.stringify((data as { id: unknown }).id)},"data":${payloadJson((data as { data: unknown }).data)}}`
        : payloadJson(data);
      return `{${[...members(envelope), `"result":{${[...members(resultRest), `"data":${dataJson}`].join(',')}}`].join(',')}}`;
    },
    decode(data: string | ArrayBuffer | Uint8Array) {
      if (typeof data !== 'string') throw new Error('JSON messages are text frames');
      return JSON.parse(data);
    },
  };
}
