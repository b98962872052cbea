import { describe, expect, it } from 'vitest';
import { restRoutes } from '../rest/routes.js';
import { appRouter } from '../routers/index.js';
import { bearerMatcher } from './bearer.js';
import { createRouteLabeler, methodLabel } from './routes.js';

const procedures = Object.keys(appRouter._def.procedures);

describe('route labels', () => {
  const label = createRouteLabeler(restRoutes, procedures, true);

  it.each([
    ['/api/market/123', '/api/market/{playerId}'],
    ['/api/market/123/', '/api/market/{playerId}'],
    ['/api/market/team/4', '/api/market/team/{teamId}'],
    ['/api/portfolio/7/min-sell-price/99', '/api/portfolio/{userId}/min-sell-price/{playerId}'],
    ['/api/trade/ask', '/api/trade/ask'],
    ['/api/openapi.json', '/api/openapi.json'],
    ['/api/no/such/thing/42', '/api/other'],
    ['/api', '/api/other'],
    ['/trpc/market.players', '/trpc/market.players'],
    ['/trpc/market.players,trade.buy', '/trpc/batch'],
    ['/trpc/market.players,made.up', '/trpc/other'],
    ['/trpc/anything-12345', '/trpc/other'],
    ['/healthz', 'healthz'],
    ['/metrics', 'metrics'],
    ['/players/12', 'web'],
    ['/assets/index-abc123.js', 'web'],
  ])('%s is counted as %s', (path, expected) => {
    expect(label(path)).toBe(expected);
  });

  it('counts paths outside the API as other when no web app is served', () => {
    expect(createRouteLabeler(restRoutes, procedures, false)('/players/12')).toBe('other');
  });

  it('keeps methods to a fixed set', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('other');
    expect(methodLabel(undefined)).toBe('other');
  });
});

describe('the metrics bearer token', () => {
  const matches = bearerMatcher('s3cret-token-0123456789');

  it('accepts exactly the token, with any case of the scheme', () => {
    expect(matches('Bearer s3cret-token-0123456789')).toBe(true);
    expect(matches('bearer s3cret-token-0123456789')).toBe(true);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    's3cret-token-0123456789',
    'Basic s3cret-token-0123456789',
    'Bearer s3cret-token-012345678',
    'Bearer s3cret-token-01234567890',
    'Bearer s3cret-token-0123456789 extra',
  ])('refuses %j', (header) => {
    expect(matches(header)).toBe(false);
  });
});
