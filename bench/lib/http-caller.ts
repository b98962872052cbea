/**
 * A keep-alive HTTP/1.1 client by hand, for the load generator: one connection, one request at a
 * time, the request written as one string and the answer parsed from the status line, the
 * Content-Length or chunked body, and nothing else. Node's `http.request` spends ~200 µs of CPU per
 * call on its side, which on two shared cores is taken from the server; this spends a tenth of
 * that. The server sees an ordinary HTTP/1.1 client (Host, Authorization, Content-Type,
 * Content-Length). Only 127.0.0.1.
 */
import net from 'node:net';

export interface HttpAnswer {
  status: number;
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** The body of a chunked answer starting at `from`, and where the answer ends; null while incomplete. */
function chunkedBody(buf: Buffer, from: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buf.toString('latin1', at, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    const start = lineEnd + 2;
    if (size === 0) {
      // No trailers are sent by the server: the last chunk is followed by an empty line.
      if (buf.length < start + 2) return null;
      return { body: parts.length === 1 ? parts[0]! : Buffer.concat(parts), end: start + 2 };
    }
    if (buf.length < start + size + 2) return null;
    parts.push(buf.subarray(start, start + size));
    at = start + size + 2;
  }
}

export class HttpConnection {
  private socket: net.Socket | null = null;
  private buf: Buffer = Buffer.alloc(0);
  /** Chunks received since `buf` was last joined, and how many bytes the answer under way needs in all (0: not known yet). */
  private chunks: Buffer[] = [];
  private size = 0;
  private needed = 0;
  private waiting: { resolve: (a: HttpAnswer) => void; reject: (e: Error) => void } | null = null;
  private readonly host: string;

  constructor(private readonly port: number) {
    this.host = `127.0.0.1:${port}`;
  }

  static to(url: string): HttpConnection {
    return new HttpConnection(Number(new URL(url).port));
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: '127.0.0.1', port: this.port });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      // A large body (a 126 KB read) arrives in many chunks: they are joined once, when all are in.
      this.chunks.push(chunk);
      this.size += chunk.length;
      if (this.needed > 0 && this.buf.length + this.size < this.needed) return;
      this.buf = Buffer.concat(this.buf.length === 0 ? this.chunks : [this.buf, ...this.chunks]);
      this.chunks = [];
      this.size = 0;
      this.parse();
    });
    const fail = (error: Error) => {
      // A connection closed after its last answer (Connection: close) is no longer ours.
      if (this.socket !== socket) return;
      this.socket = null;
      this.buf = Buffer.alloc(0);
      this.chunks = [];
      this.size = 0;
      this.needed = 0;
      const w = this.waiting;
      this.waiting = null;
      w?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  private parse(): void {
    if (!this.waiting) return;
    const headEnd = this.buf.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buf.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const bodyStart = headEnd + 4;
    let body: Buffer;
    let end: number;
    if (length) {
      end = bodyStart + Number(length[1]);
      if (this.buf.length < end) {
        this.needed = end;
        return;
      }
      body = this.buf.subarray(bodyStart, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunked = chunkedBody(this.buf, bodyStart);
      if (!chunked) return;
      ({ body, end } = chunked);
    } else {
      body = Buffer.alloc(0);
      end = bodyStart;
    }
    this.buf = end === this.buf.length ? Buffer.alloc(0) : this.buf.subarray(end);
    this.needed = 0;
    const w = this.waiting;
    this.waiting = null;
    if (/\r\nconnection:\s*close/i.test(head)) {
      this.socket?.destroy();
      this.socket = null;
    }
    w.resolve({ status, body });
  }

  /** Sends one request and resolves with its answer (reconnecting if the server closed the connection). */
  request(method: string, path: string, body?: unknown, token?: string): Promise<HttpAnswer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time'));
    this.socket ??= this.connect();
    const data = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}\r\n`;
    if (token) head += `Authorization: Bearer ${token}\r\n`;
    if (body !== undefined) head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(data)}\r\n`;
    const promise = new Promise<HttpAnswer>((resolve, reject) => (this.waiting = { resolve, reject }));
    this.socket.write(`${head}\r\n${data}`);
    return promise;
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
