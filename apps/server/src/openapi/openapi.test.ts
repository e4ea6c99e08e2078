/**
 * The OpenAPI page (`/api/docs`) describes every route, so that a school's IT can read the whole API: each
 * operation has a summary, a tag, what it answers on success and the error body, and the request schemas its route
 * parses with. A route without an entry in `route-docs.ts` fails here, and so does an entry whose route is gone.
 * The document does not depend on the database: one engine is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness';
import { ROUTE_DOCS } from './route-docs';

interface TOperation {
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: object } }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
type TDocument = { paths: Record<string, Record<string, TOperation>> };

describe('the OpenAPI document', () => {
  let t: TTestApp;
  let document: TDocument;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each operation, named `METHOD path` as Fastify registered it (`{id}` back to `:id`, `{*}` to `*`). */
  function operations() {
    return Object.entries(document.paths).flatMap(([path, byMethod]) => {
      const url = path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
      return Object.entries(byMethod).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${url}`,
        operation,
      }));
    });
  }

  it('describes every /api route: a summary, a tag, the success answer and the error body', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const undocumented = all.filter(({ operation }) => {
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      return (
        !operation.summary ||
        operation.tags?.length !== 1 ||
        !success ||
        success[1].description === 'Default Response' ||
        !operation.responses['4XX']?.content?.['application/json']
      );
    });
    expect(undocumented.map((o) => o.name)).toEqual([]);
    expect(all.every(({ name }) => name.split(' ')[1]!.startsWith('/api/'))).toBe(true);
  });

  it('has no entry for a route that does not exist', () => {
    // `GET,POST path` is one route of two methods, `* path` one of every method.
    const exists = (key: string) => {
      const [methods, url] = key.split(' ') as [string, string];
      const each = methods === '*' ? ['GET'] : methods.split(',');
      return each.every((method) => t.app.hasRoute({ method: method as 'GET', url }));
    };
    expect(Object.keys(ROUTE_DOCS).filter((key) => !exists(key))).toEqual([]);
  });

  it('shows the request schemas the routes parse with: bodies, queries and path parameters', () => {
    const operation = (method: string, path: string) => document.paths[path]![method]!;
    const signUp = operation('post', '/api/auth/sign-up/email').requestBody!.content['application/json']!.schema;
    expect(Object.keys(signUp.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'birthMonth']));
    const appeal = operation('post', '/api/ban-appeals').requestBody!.content['application/json']!.schema;
    expect(Object.keys(appeal.properties ?? {}).sort()).toEqual(['text', 'token']);
    const log = operation('get', '/api/moderation/log').parameters!.filter((p) => p.in === 'query');
    expect(log.map((p) => p.name).sort()).toEqual(['action', 'actorId', 'beforeId', 'targetId']);
    const block = operation('put', '/api/blocks/{id}').parameters!.filter((p) => p.in === 'path');
    expect(block.map((p) => p.name)).toEqual(['id']);
    const exported = operation('get', '/api/users/me/export').responses['200']!.content!['application/json']!;
    expect(exported.schema).toMatchObject({ type: 'object', properties: { exportedAt: { type: 'string' } } });
  });

  it('leaves validation to the routes: a wrong body is answered by zod in the one error model', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ban-appeals',
      payload: { token: 'x', text: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', message: 'Say why this should be reconsidered.' },
    });
  });
});
