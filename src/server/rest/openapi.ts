import { z } from 'zod';
import type { RestRoute } from './route.js';

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'A message meant for the person who made the request' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field messages for invalid input' },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Every command answers a replayed key with the first answer and this header (docs/api.md §1). */
const replayHeaders = {
  'Idempotent-Replayed': {
    description: '`true` when this is the first answer to the request’s Idempotency-Key, given again: nothing was done a second time',
    schema: { type: 'string', enum: ['true'] },
  },
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key the client chooses for this request (1 to 255 visible ASCII characters; a UUID will do). Sent again by the same user within 24 hours, ' +
    'the request is not carried out again: the first answer comes back (status and body) with `Idempotent-Replayed: true`. ' +
    'The same key with a different request is refused (422); while the first request runs, 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A route's answers: success (with its page or replay headers), and each error it may give. */
function responsesOf(route: RestRoute, pages: boolean) {
  const pageHeaders = {
    'X-Next-Cursor': { description: 'The cursor of the next page (absent on the last page): send it back as `cursor`', schema: { type: 'string' } },
    Link: { description: 'The next page\'s address, `<…>; rel="next"` (absent on the last page)', schema: { type: 'string' } },
  };
  return {
    200: route.produces
      ? { description: `Success: the file (${route.produces})`, content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
      : {
          description: pages ? 'Success: one page of the list (see the `limit` and `cursor` parameters)' : 'Success',
          ...(pages ? { headers: pageHeaders } : route.keyed ? { headers: replayHeaders } : {}),
          content: { 'application/json': { schema: jsonSchema(route.output, 'output') } },
        },
    ...(route.keyed
      ? {
          409: errorResponse('The first request with this Idempotency-Key is still being processed: wait for its answer'),
          422: errorResponse('This Idempotency-Key was already used with a different request'),
        }
      : {}),
    400: errorResponse('Invalid input'),
    ...(route.auth !== 'none' ? { 401: errorResponse('Not signed in') } : {}),
    ...(route.auth === 'admin' ? { 403: errorResponse('Not allowed') } : {}),
    404: errorResponse('Not found'),
    429: errorResponse('Too many requests'),
    500: errorResponse('Server error'),
  };
}

/** The OpenAPI 3 document of the REST shim, generated from the same zod schemas the procedures validate with. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const input = jsonSchema(route.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const properties = { ...(input.properties ?? {}) };
    const required = new Set(input.required ?? []);
    const parameters: unknown[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[name] ?? { type: 'string' },
    }));
    for (const name of pathParams) {
      delete properties[name];
      required.delete(name);
    }
    // A command's key travels in a header over REST, not in the body.
    delete properties.idempotencyKey;
    if (route.keyed) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    const rest = Object.keys(properties);
    const pages = route.paged || 'cursor' in properties;
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/(^|[/-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
      parameters,
      responses: responsesOf(route, pages),
    };
    if (route.auth !== 'none') operation.security = [{ bearerAuth: [] }];
    if (rest.length > 0) {
      const schema = { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
      if (route.method === 'GET') {
        parameters.push(...rest.map((name) => ({ name, in: 'query', required: required.has(name), schema: properties[name] })));
      } else {
        operation.requestBody = { required: required.size > 0, content: { 'application/json': { schema } } };
      }
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hoops Exchange REST API',
      version: '1.0.0',
      description:
        'Amounts are dollars with at most two decimals; shares are whole numbers. The market’s paths act on the caller’s current league; ' +
        'each also exists under `/leagues/{leagueId}` (e.g. `/leagues/7/trade/ask`) to act on that league. ' +
        'Every write path of a signed-in user takes an `Idempotency-Key` header: sent again within 24 hours, the request is not ' +
        'carried out again and gets its first answer with `Idempotent-Replayed: true` (another request with the key: 422; ' +
        'the first still running: 409).',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token returned by /auth/login or /auth/register' } },
      schemas: { Error: errorSchema },
      parameters: { IdempotencyKey: idempotencyKeyParameter },
    },
  };
}
