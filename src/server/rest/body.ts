import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The raw body, at most `limit` bytes; past that the request is destroyed and PayloadTooLarge thrown. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.destroy();
        reject(new PayloadTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(size === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(req.readableAborted ? new RequestAborted() : error);
    };
    // The client went away before the end of the body: nobody is left to answer.
    const onClose = () => {
      cleanup();
      reject(new RequestAborted());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Reads a JSON object body of at most `limit` bytes; an empty body is `{}`. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLarge();
  const body = await readBody(req, limit);
  if (body === null) return {};
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new AppError('BAD_REQUEST', 'Send the request body as JSON (Content-Type: application/json)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** A body past the route's limit: an error like any other the client is told of (413). */
export class PayloadTooLarge extends AppError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', 'The request body is too large');
  }
}

/** The client closed the connection before sending the whole body: routine, nobody is left to answer. */
export class RequestAborted extends Error {
  override name = 'RequestAborted';
  constructor() {
    super('The client closed the connection before sending the whole request');
  }
}
