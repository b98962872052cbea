/**
 * What the server encodes for the ticker's followers, counted where it happens, in the server's
 * process, for one phase:
 * - JSON texts holding a ticker message (`"tradesCompleted"`), whoever makes them (a payload, or a
 *   whole message with its envelope);
 * - what reaches the sockets: a text written to a socket is encoded into bytes for that socket
 *   alone (Node copies it into a new buffer per write), so each such write counts; the same bytes
 *   written to many sockets count once.
 * One of each per ticker message means the fan-out costs one encoding, not one per follower.
 */
import net from 'node:net';

const MARK = '"tradesCompleted"';

export interface Encodings {
  /** JSON.stringify calls whose text holds a ticker message, and their characters. */
  json: number;
  jsonChars: number;
  /** Distinct byte buffers written to sockets that hold a ticker message. */
  sharedBuffers: number;
  /** Texts holding a ticker message written to a socket (each encoded for that socket). */
  textWrites: number;
  /** Socket writes that carried a ticker message, in whatever form. */
  writes: number;
}

export function countTickerEncodings(): () => Encodings {
  const counts: Encodings = { json: 0, jsonChars: 0, sharedBuffers: 0, textWrites: 0, writes: 0 };
  const stringify = JSON.stringify;
  JSON.stringify = function (this: JSON, ...args: Parameters<typeof JSON.stringify>) {
    const out = stringify.apply(this, args);
    if (typeof out === 'string' && out.includes(MARK)) {
      counts.json++;
      counts.jsonChars += out.length;
    }
    return out;
  } as typeof JSON.stringify;

  const proto = net.Socket.prototype as unknown as { write: (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean };
  const hadOwn = Object.prototype.hasOwnProperty.call(proto, 'write');
  const write = proto.write;
  const seen = new WeakSet<object>();
  const marked = new WeakSet<object>();
  // Cheap for the common case (the same buffer again), since it runs on every socket write of the phase.
  proto.write = function (this: net.Socket, chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof chunk === 'string') {
      if (chunk.includes(MARK)) {
        counts.textWrites++;
        counts.writes++;
      }
    } else if (chunk instanceof Uint8Array) {
      if (marked.has(chunk)) {
        counts.writes++;
      } else if (!seen.has(chunk)) {
        seen.add(chunk);
        if (Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).includes(MARK)) {
          marked.add(chunk);
          counts.sharedBuffers++;
          counts.writes++;
        }
      }
    }
    return write.call(this, chunk, encoding, cb);
  };

  return () => {
    JSON.stringify = stringify;
    if (hadOwn) proto.write = write;
    else delete (proto as { write?: unknown }).write;
    return counts;
  };
}
