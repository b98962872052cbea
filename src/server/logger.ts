import pino, { type Logger, type DestinationStream } from 'pino';

/** JSON lines in production; readable lines in development. Secrets are redacted wherever they appear. */
export function createLogger(options: { level: string; pretty: boolean; destination?: DestinationStream }): Logger {
  const base = {
    level: options.level,
    redact: {
      paths: ['password', 'newPassword', 'token', 'email', '*.password', '*.newPassword', '*.token', '*.email', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty) return pino({ ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,req,res,reqId,responseTime' } } });
  return pino(base);
}
