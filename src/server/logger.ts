import pino, { type Logger, type DestinationStream } from 'pino';

/**
 * Where production logs go (stdout, or a file): written in batches of about 4 KB and at least every
 * quarter second, rather than one write per line, since a busy REST server logs a line per request.
 * A normal exit writes what is left; a crash may lose the last quarter second of lines.
 */
export function productionLogDestination(dest: number | string = 1): DestinationStream {
  return pino.destination({ dest, minLength: 4096, periodicFlush: 250, sync: false });
}

/** JSON lines in production; readable lines in development. Secrets are redacted wherever they appear. */
export function createLogger(options: { level: string; pretty: boolean; destination?: DestinationStream }): Logger {
  const base = {
    level: options.level,
    redact: {
      paths: [
        'password',
        'newPassword',
        'token',
        'email',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.email',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty)
    return pino({ ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,req,res,reqId,responseTime' } } });
  return pino(base, productionLogDestination());
}
