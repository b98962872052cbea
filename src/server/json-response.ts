import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A JSON answer, never cached (every answer of the API). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** An answer already serialised, with extra headers (a page's next cursor). */
export function sendJsonText(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}): void {
  // With its length given, the answer goes out in one piece instead of chunked.
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}
