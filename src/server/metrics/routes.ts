import type { IncomingMessage } from 'node:http';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request's method, or `other`: a label takes a bounded set of values. */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'other');

/**
 * The route a request is counted under: a pattern, never the raw path (ids in paths would make a
 * new series each). REST paths as the API documents them (`/api/market/{playerId}`), tRPC calls by
 * procedure (`/trpc/market.players`, several in one request: `/trpc/batch`), `healthz`, `metrics`,
 * and `web` for the web app's pages and files. Anything unknown is `/api/other`, `/trpc/other` or
 * `other`.
 */
export function createRouteLabeler(restRoutes: readonly { path: string }[], procedures: readonly string[], servesWeb: boolean) {
  const rest = restRoutes.map((r) => ({
    label: `/api${r.path}`,
    pattern: new RegExp(`^/api${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));
  const known = new Set(procedures);
  return (path: string): string => {
    if (path === '/healthz') return 'healthz';
    if (path === '/metrics') return 'metrics';
    if (path === '/api' || path.startsWith('/api/')) {
      if (path === '/api/openapi.json') return path;
      return rest.find((r) => r.pattern.test(path))?.label ?? '/api/other';
    }
    if (path.startsWith('/trpc/')) {
      const names = path.slice('/trpc/'.length).split(',');
      if (!names.every((name) => known.has(name))) return '/trpc/other';
      return names.length === 1 ? `/trpc/${names[0]}` : '/trpc/batch';
    }
    return servesWeb ? 'web' : 'other';
  };
}

/** The path of a request, as the server routes it. */
export const pathOf = (req: IncomingMessage): string => {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
};
