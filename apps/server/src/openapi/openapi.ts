/**
 * The OpenAPI document's content for each route (`@fastify/swagger`'s `transform`): its entry in `ROUTE_DOCS`, the zod
 * schemas turned into JSON Schema. Only the document changes: Fastify never sees these schemas, so zod stays the one
 * validator and answers are sent as the routes shape them.
 */
import { z } from 'zod';
import { ERROR_BODY_SCHEMA, ROUTE_DOCS, type TRouteDoc } from './route-docs';

type TJsonSchema = Record<string, unknown>;

/** What a request accepts, as its JSON Schema (what a coerced query takes in, not what it becomes). */
function toJsonSchema(schema: z.ZodType): TJsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as TJsonSchema;
  return json;
}

/** The key of a route in `ROUTE_DOCS`: `METHOD path`, `GET,POST path` for a route of two, `* path` for any method. */
export function routeDocKey(method: string | string[], url: string): string {
  const methods = (Array.isArray(method) ? method : [method]).filter((m) => m !== 'HEAD');
  if (methods.length > 2) return `* ${url}`;
  return `${methods.length === 0 ? 'GET' : [...methods].sort().join(',')} ${url}`;
}

function responses(doc: TRouteDoc): Record<string, TJsonSchema> {
  const { status, description, schema, contentType } = doc.ok;
  let success: TJsonSchema;
  if (status === 204) success = { description, type: 'null' };
  else if (contentType) {
    success = { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } };
  } else if (schema) success = { description, ...toJsonSchema(schema) };
  else success = { description, type: 'object', additionalProperties: true };
  return {
    [status]: success,
    '4XX': { description: 'Refused: `{ error: { code, message } }`.', ...toJsonSchema(ERROR_BODY_SCHEMA) },
  };
}

/** The document's schema of one route: its docs, or the route as registered when it has none (a test fails then). */
export function openApiSchemaOf(route: { method: string | string[]; url: string; schema?: object }): TJsonSchema {
  const doc = ROUTE_DOCS[routeDocKey(route.method, route.url)];
  const own = (route.schema ?? {}) as TJsonSchema;
  if (!doc) return own;
  if (doc.isHidden) return { ...own, hide: true };
  return {
    ...own,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.query ? { querystring: toJsonSchema(doc.query) } : {}),
    ...(doc.body ? { body: toJsonSchema(doc.body) } : {}),
    response: responses(doc),
  };
}
