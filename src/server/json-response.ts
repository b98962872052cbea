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

/** An answer already encoded, in pieces (written together, in one piece on the wire when they fit), with extra headers. */
export function sendJsonBytes(res: ServerResponse, status: number, pieces: readonly Buffer[], extra: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': pieces.reduce((n, p) => n + p.length, 0),
    ...extra,
  });
  if (pieces.length === 1) return void res.end(pieces[0]);
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
}
