/**
 * The floor under the ticker's fan-out: a bare `ws` server that the same followers subscribe to as
 * to the real one, and that writes them, once per ticker interval, one prebuilt frame of a ticker
 * message of the real one's size: no tRPC, no ticker, no exchange, no orders; one socket write per
 * follower per message, which is the least any server can do. Measured in the same run as the
 * crowd phase, it says how much of the fan-out's cost is the sockets' own (on loopback the kernel's
 * send includes the receiving side's TCP work, so this is higher than on a network).
 */
import type { Socket } from 'node:net';
import { listenWs, type FloorServer } from './echo-server.js';

/** A ticker message in the real wire format, with as many trades as make about `bytes` of JSON. */
function tickerMessage(eventId: number, bytes: number): string {
  const at = new Date().toISOString();
  const trade = `{"tradeId":${eventId},"itemType":"player","playerId":7,"playerName":"A Player","buyer_id":1,"seller_id":2,"buyerUsername":"amy","sellerUsername":"bob","shares_transferred":3,"price_per_share":50,"total_value":150,"created_at":"${at}"}`;
  const count = Math.max(1, Math.round((bytes - 120) / (trade.length + 1)));
  const id = JSON.stringify(String(eventId));
  return `{"id":1,"result":{"type":"data","id":${id},"data":{"id":${id},"data":{"type":"tradesCompleted","trades":[${Array(count).fill(trade).join(',')}],"skipped":0}}}}`;
}

/** A final, unmasked text frame (RFC 6455) around `text`. */
function frame(text: string): Buffer {
  const body = Buffer.from(text);
  const n = body.length;
  const head = n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.from([0x81, 126, n >> 8, n & 0xff]) : null;
  if (!head) throw new Error('message too large for the floor');
  return Buffer.concat([head, body]);
}

export async function startFanoutFloor(messageBytes: number, intervalMs = 200): Promise<FloorServer> {
  const followers = new Set<Socket>();
  let eventId = 0;
  const timer = setInterval(() => {
    if (followers.size === 0) return;
    const bytes = frame(tickerMessage(++eventId, messageBytes));
    for (const socket of followers) socket.write(bytes);
  }, intervalMs);
  const server = await listenWs((wss) =>
    wss.on('connection', (ws, req) => {
      const socket = req.socket;
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString('utf8')) as { id?: number; method?: string };
        if (m.method !== 'subscription') return;
        ws.send(JSON.stringify({ id: m.id, result: { type: 'started' } }));
        followers.add(socket);
      });
      ws.on('close', () => followers.delete(socket));
    }),
  );
  return {
    url: server.url,
    async close() {
      clearInterval(timer);
      await server.close();
    },
  };
}
