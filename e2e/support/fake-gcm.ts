import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the device check-in and registration that Chromium's push messaging does before a
 * subscription (Google's services, out of reach here): it answers the check-in (a small protobuf
 * with a device id and token) and each registration with a token. Chromium uses it through its
 * --gcm-checkin-url and --gcm-registration-url switches; the subscription it then makes is real,
 * with its own keys, and its endpoint names Google's push service as usual.
 */
export async function startFakeGcm(): Promise<{ args: string[]; registrations: () => number; stop(): Promise<void> }> {
  let registrations = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/checkin') {
        res.setHeader('content-type', 'application/x-protobuf');
        // AndroidCheckinResponse: stats_ok (1) = true, android_id (7) and security_token (8) as fixed64.
        res.end(Buffer.concat([Buffer.from([0x08, 0x01]), fixed64(7, 1234567890123n), fixed64(8, 987654321987n)]));
      } else if (req.url === '/register') {
        registrations += 1;
        res.setHeader('content-type', 'text/plain');
        res.end(`token=e2e-token-${registrations}-${Date.now()}`);
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    args: [
      `--gcm-checkin-url=${base}/checkin`,
      `--gcm-registration-url=${base}/register`,
      `--gcm-mcs-endpoint=https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ],
    registrations: () => registrations,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function fixed64(field: number, value: bigint): Buffer {
  const out = Buffer.alloc(9);
  out[0] = (field << 3) | 1;
  out.writeBigUInt64LE(value, 1);
  return out;
}
