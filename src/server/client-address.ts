import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config.js';

export type ClientAddress = (req: IncomingMessage) => string;

/**
 * The client's address as the server should believe it. Off, it is the socket's peer and any
 * `X-Forwarded-For` is ignored (a client could write anything there). Behind trusted proxies it is
 * the right-most entry of `X-Forwarded-For` that no trusted proxy added.
 */
export function clientAddressOf(trust: TrustProxy): ClientAddress {
  if (trust === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trusts = 'hops' in trust ? (_address: string, hop: number) => hop < trust.hops : proxyaddr.compile(trust.addresses);
  return (req) => {
    if (!req.socket.remoteAddress) return 'unknown';
    return proxyaddr(req, trusts);
  };
}
