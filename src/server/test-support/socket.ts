import WebSocket from 'ws';

export interface SocketAnswer {
  data?: unknown;
  error?: { message: string; code: number; data?: { code?: string } };
}

interface Message {
  id?: number | string | null;
  result?: { type?: string; data?: unknown };
  error?: SocketAnswer['error'];
}

/**
 * A WebSocket speaking tRPC's protocol by hand, as any client may: calls, subscriptions, and how
 * and when the server closed it.
 */
export async function openSocket(base: string, params: Record<string, string> | null = null) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/trpc${params ? '?connectionParams=1' : ''}`);
  const messages: Message[] = [];
  let closed: { code: number; reason: string; at: number } | null = null;
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  ws.on('error', () => undefined);
  const closing = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    ws.on('close', (code, reason) => resolve((closed = { code, reason: reason.toString(), at: Date.now() }))),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  if (params) ws.send(JSON.stringify({ method: 'connectionParams', data: params }));
  let nextId = 1;
  const answerTo = async (id: number, ms: number): Promise<SocketAnswer> => {
    const end = Date.now() + ms;
    for (;;) {
      const m = messages.find((x) => x.id === id && (x.error || x.result?.type === 'data'));
      if (m) return m.error ? { error: m.error } : { data: m.result!.data };
      if (closed) throw new Error(`socket closed (${closed.code}) before answering`);
      if (Date.now() > end) throw new Error('no answer');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return {
    ws,
    /** A query or mutation on this socket, and its answer. */
    async call(type: 'query' | 'mutation', path: string, input?: unknown, ms = 10_000): Promise<SocketAnswer> {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method: type, params: { path, input } }));
      return answerTo(id, ms);
    },
    /** Starts a subscription; what it delivered and its error so far are read from the result. */
    subscribe(path: string, input?: unknown) {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
      return {
        data: () => messages.filter((m) => m.id === id && m.result?.type === 'data').map((m) => m.result!.data),
        error: () => messages.find((m) => m.id === id && m.error)?.error ?? null,
        started: () => messages.some((m) => m.id === id && m.result?.type === 'started'),
      };
    },
    closed: () => closed,
    /** Resolves when the server closes the socket; rejects after `ms`. */
    whenClosed(ms = 5_000) {
      return Promise.race([closing, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the socket stayed open')), ms))]);
    },
    close: () => ws.terminate(),
  };
}
export type TestSocket = Awaited<ReturnType<typeof openSocket>>;
