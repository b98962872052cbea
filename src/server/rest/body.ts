import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads a JSON object body of at most `limit` bytes; an empty body is `{}`. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new PayloadTooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof PayloadTooLarge || !req.readableAborted) throw error;
    throw new RequestAborted();
  }
  if (size === 0) return {};
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new AppError('BAD_REQUEST', 'Send the request body as JSON (Content-Type: application/json)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

export class PayloadTooLarge extends Error {
  override name = 'PayloadTooLarge';
  constructor() {
    super('The request body is too large');
  }
}

/** The client closed the connection before sending the whole body: routine, nobody is left to answer. */
export class RequestAborted extends Error {
  override name = 'RequestAborted';
  constructor() {
    super('The client closed the connection before sending the whole request');
  }
}
