/**
 * The floor under the full path: a bare `ws` server that answers each order the load generator
 * sends, in tRPC's wire format, with an answer of the same shape as the real one (parse the
 * message, build the answer, send it) and does nothing else: no tRPC, no exchange, no database.
 * Driven like the full path, it measures what the sockets, the JSON and the load generator cost on
 * this machine by themselves, so the full path's figure can be read as a share of it. The tRPC
 * floor (trpc-floor-server.ts) listens the same way and answers the same constant.
 */
import { WebSocketServer } from 'ws';

/** What the real server answers to a trade command that changed nothing it tracks (src/shared/schemas/trading.ts). */
export const ANSWER = {
  message: 'Ask posted successfully',
  detail: null,
  instrument: { kind: 'player' as const, id: 1, name: 'Echo' },
  bought: 0,
  sold: 0,
  fills: [],
  ask: null,
  offer: null,
  holding: null,
};

export interface FloorServer {
  /** http://127.0.0.1:PORT, as the load generator expects a server's address. */
  url: string;
  close(): Promise<void>;
}

/** A ws server on a free port of 127.0.0.1, whose connections `wire` handles. */
export function listenWs(wire: (wss: WebSocketServer) => void): Promise<FloorServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wire(wss);
  return new Promise((resolve, reject) => {
    wss.once('error', reject);
    wss.once('listening', () => {
      const { port } = wss.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const client of wss.clients) client.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}

export function startEchoServer(): Promise<FloorServer> {
  return listenWs((wss) =>
    wss.on('connection', (ws) => {
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { id?: number; method?: string };
        // The first message carries the connection params: tRPC answers nothing to it either.
        if (message.method !== 'mutation') return;
        ws.send(JSON.stringify({ id: message.id, result: { type: 'data', data: ANSWER } }));
      });
    }),
  );
}
