import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ClientAddress } from './client-address.js';

/**
 * One log line per HTTP request once it is answered (or the client went away):
 * `{"reqId":1,"req":{"method","path","ip"},"res":{"status"},"responseTime":3,"msg":"POST /api/offers 200 3ms"}`,
 * at `error` (with `err`) for a 5xx or a failed response, `debug` for a request the client gave up on
 * before its answer (routine: nobody is left to tell), `info` otherwise. Only method, path and
 * the client's address: queries may hold tokens, headers hold credentials. The line pino-http
 * wrote, without the two child loggers it made for every request.
 */
export function createRequestLog(logger: Logger, ipOf: ClientAddress): (req: IncomingMessage, res: ServerResponse) => void {
  // The routine lines hold only the fields above, none of them a secret: they skip the redaction of
  // secrets' paths, which took 60% of writing a line (an error's line keeps it, for its `err`).
  const routine = logger.child({}, { redact: [] });
  let lastId = 0;
  return (req, res) => {
    const reqId = ++lastId;
    const start = Date.now();
    const { method } = req;
    const path = (req.url ?? '').split('?')[0];
    const ip = ipOf(req);
    const done = (err?: Error) => {
      res.off('finish', done);
      res.off('close', done);
      res.off('error', done);
      const responseTime = Date.now() - start;
      const line = { reqId, req: { method, path, ip }, res: { status: res.statusCode } };
      if (err || res.statusCode >= 500) {
        const error = err ?? new Error(`failed with status code ${res.statusCode}`);
        logger.error({ ...line, err: error, responseTime }, `${method} ${path} ${res.statusCode}`);
      } else if (!res.writableEnded) {
        routine.debug({ ...line, responseTime }, `${method} ${path} aborted ${responseTime}ms`);
      } else {
        routine.info({ ...line, responseTime }, `${method} ${path} ${res.statusCode} ${responseTime}ms`);
      }
    };
    res.on('finish', done);
    res.on('close', done);
    res.on('error', done);
  };
}
