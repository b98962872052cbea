export const PUSH_SERVICE_REFUSED = 'This push service is not allowed on this server';

/** One entry of the allow-list: an exact host (or `*.` and a host: any of its subdomains) and a port, 443 unless named. */
interface Entry {
  host: string;
  subdomains: boolean;
  port: string;
}

function entryOf(text: string): Entry {
  const match = /^(\*\.)?(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(text.trim().toLowerCase());
  if (!match) return { host: '', subdomains: false, port: '' };
  return { host: match[2]!, subdomains: match[1] !== undefined, port: match[3] ?? '443' };
}

const cache = new WeakMap<readonly string[], Entry[]>();
const entriesOf = (hosts: readonly string[]): Entry[] => {
  let entries = cache.get(hosts);
  if (!entries) cache.set(hosts, (entries = hosts.map(entryOf)));
  return entries;
};

/**
 * Whether a subscription's endpoint is on one of the push services the server sends to: https, no
 * user name or password, its host exactly one of the list's (a `*.` entry: a subdomain of it, not
 * the name itself), on the entry's port — 443, the only one the real services use, unless the
 * entry names another (a test's own endpoint).
 */
export function isAllowedPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port === '' ? '443' : url.port;
  return entriesOf(hosts).some((e) => e.port === port && (e.subdomains ? host.endsWith(`.${e.host}`) : host === e.host));
}
