/**
 * Hostile input, property-based (fast-check): malformed JSON, wrong types, missing and extra fields, huge
 * strings, deep nesting, odd Unicode and boundary numbers, sent to every route the app registers and to
 * every socket event. Always a 4xx with `{ error: { code, message } }` (a socket: a refused acknowledgement
 * with the same shape), never a 5xx, and the server keeps serving. Runs are bounded to keep the suite fast.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../test/harness';
import { TEST_ENGINES } from '../test/harness';
import { connectClient, listenOnFreePort, type TTestSocket } from '../features/chat/chat-test-client';
import { SOCKET_RULES } from './authorization-table';
import { createAppWithRoutes, fastUser, type TRouteRecord } from './security-fixtures';

const NUM_RUNS = Number(process.env.HOSTILE_NUM_RUNS ?? 12);
/** Replay a failing run with HOSTILE_SEED=<the seed in the failure message>. */
const SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 1_000_000);

const oddStrings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202E‮evil',
    '\uD800',
    '💥'.repeat(100),
    'Z̷̢̛̖͇̈́a̸l̵g̶o',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '../../etc/passwd',
    '%00',
    'NaN',
    '__proto__',
    'constructor',
    // The text filter: a refused slur in look-alike letters, a flagged word, a stretched one.
    'n1gg3r',
    'what the fuck',
    'sh' + 'i'.repeat(300) + 't',
  ),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);
const boundaryNumbers = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e308),
  fc.double(),
  fc.integer(),
);
const deep = fc.integer({ min: 50, max: 20_000 }).chain((depth) =>
  fc.constantFrom('[', '{"a":').map((open) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  oddStrings,
  boundaryNumbers,
  fc.dictionary(oddStrings, fc.oneof(oddStrings, boundaryNumbers, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 }),
  fc.constantFrom(null, true, [], {}, { __proto__: { isAdmin: true } }, { constructor: { prototype: { x: 1 } } }),
);

/** Plausible bodies with one thing wrong: each field of a known request replaced or removed, or extra ones added. */
const knownFields = [
  'name',
  'email',
  'password',
  'text',
  'clientId',
  'formatId',
  'score',
  'role',
  'reason',
  'title',
  'date',
  'description',
  'zoomLink',
  'link',
  'action',
  'clockVersion',
  'winnerSide',
  'speakerPoints',
  'message',
  'debateId',
  'id',
  'afterId',
  'beforeId',
  'signal',
  'image',
  'currentPassword',
  'newPassword',
  'newEmail',
  'token',
  'callbackURL',
];
const nearlyValid = fc.dictionary(fc.constantFrom(...knownFields), hostileValue, { maxKeys: 8 });

/** A request body as raw text: JSON of a hostile value, or text that is not JSON at all. */
const rawBody = fc.oneof(
  hostileValue.map((v) => JSON.stringify(v) ?? 'undefined'),
  nearlyValid.map((v) => JSON.stringify(v)),
  deep,
  fc.constantFrom('{', '{"a":}', '[1,]', "{'a':1}", 'nul', '\u0000', '{"a":1}garbage', '"unterminated', '1e99999'),
  oddStrings,
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);
const pathSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    'NaN',
    'null',
    '%00',
    '..',
    '%2F',
    '1',
  ),
  fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)),
);
const query = fc.dictionary(
  fc.constantFrom('offset', 'formatId', 'afterId', 'beforeId', 'userId', 'x', '__proto__'),
  fc.oneof(pathSegment, fc.constantFrom('', '-5', '1e309', 'ld', '[]')),
  { maxKeys: 4 },
);

function isErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0;
}

describe.each(TEST_ENGINES)('hostile input on %s', (engine) => {
  let t: TTestApp;
  let routes: TRouteRecord[];
  let baseUrl: string;
  let admin: { cookie: string };
  let user: { cookie: string };

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes(engine));
    baseUrl = await listenOnFreePort(t.app);
    admin = await fastUser(t, 'admin');
    user = await fastUser(t);
  });
  afterAll(async () => t?.close());

  async function expectHealthy() {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }

  it('answers every API route with a 4xx error shape, never a 5xx, whatever it is sent', async () => {
    // better-auth's own endpoints (behind the catch-all) are exercised through a sample of their paths; the
    // API docs only serve files.
    const targets = routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .flatMap((r) =>
        r.url === '/api/auth/*'
          ? [
              'get-session',
              'sign-out',
              'update-user',
              'change-password',
              'sign-in/social',
              'revoke-session',
              'revoke-sessions',
              'list-sessions',
              'verify-password',
              'change-email',
              'delete-user',
              'set-password',
              'request-password-reset',
              'reset-password',
              'send-verification-email',
              'verify-email',
              'list-accounts',
              'unlink-account',
            ].map((p) => ({ method: r.method, url: `/api/auth/${p}` }))
          : r.url === '/api/auth/admin/*'
            ? [{ method: 'POST', url: '/api/auth/admin/set-role' }]
            : [{ method: r.method, url: r.url }],
      );
    expect(targets.length).toBeGreaterThan(35);
    const failures: string[] = [];
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            body: rawBody,
            type: contentType,
            params: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
            query,
            who: fc.constantFrom<'admin' | 'user' | 'visitor'>('admin', 'user', 'visitor'),
          }),
          async ({ body, type, params, query: q, who }) => {
            let i = 0;
            const url = target.url.replace(/:[a-zA-Z]+/g, () => params[i++]!);
            const search = new URLSearchParams(q as Record<string, string>).toString();
            const hasBody = !['GET', 'HEAD', 'DELETE'].includes(target.method);
            const response = await t.app.inject({
              method: target.method as 'POST',
              url: search ? `${url}?${search}` : url,
              remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
              headers: {
                ...(who === 'visitor' ? {} : { cookie: (who === 'admin' ? admin : user).cookie }),
                ...(hasBody ? { 'content-type': type } : {}),
              },
              ...(hasBody ? { payload: body } : {}),
            });
            const label = `${target.method} ${url} as ${who} (${type}) ${body.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 160)}`;
            if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
            // Invalid input is a client error. (A 2xx can happen when a random body is valid: fine.)
            if (response.statusCode >= 300 && response.statusCode < 400) failures.push(`redirect: ${label}`);
            if (response.statusCode >= 400 && target.method !== 'HEAD') {
              const json = (() => {
                try {
                  return JSON.parse(response.body) as unknown;
                } catch {
                  return undefined;
                }
              })();
              if (!isErrorShape(json)) failures.push(`error shape: ${label}`);
            }
            return true;
          },
        ),
        { numRuns: NUM_RUNS, seed: SEED },
      );
    }
    expect(failures.slice(0, 20), `HOSTILE_SEED=${SEED}`).toEqual([]);
    await expectHealthy();
  }, 120_000); // every route × its hostile bodies: about 20 s alone, and the routes grow with each feature

  it('refuses ids and counters past the 32-bit integer columns (PostgreSQL would fail the query)', async () => {
    const big = 2 ** 31;
    // A fresh session: the fuzzing above may have signed the shared accounts out (it calls sign-out too).
    const headers = { cookie: (await fastUser(t, 'admin')).cookie };
    for (const [method, url, payload] of [
      ['GET', `/api/debates/${big}`, undefined],
      ['POST', `/api/debates/${big}/forfeit`, {}],
      ['POST', '/api/debates/1/clock', { action: 'pause', clockVersion: big }],
      ['GET', `/api/chat/messages?afterId=${big}`, undefined],
      ['GET', `/api/chat/messages?beforeId=${big}`, undefined],
      ['PATCH', `/api/rooms/${big}`, { name: 'x' }],
      ['POST', `/api/topics/${big}/make-current`, {}],
    ] as const) {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
    }
    const socket = await connectClient(baseUrl, (await fastUser(t, 'admin')).cookie);
    try {
      for (const [event, payload] of [
        ['message.delete', { id: big }],
        ['chat.join', { afterId: big }],
        ['debate.join', { debateId: big }],
        ['debate.pause', { debateId: 1, clockVersion: big }],
        ['debate.send_message', { debateId: big, text: 'hi' }],
        ['debate.signal', { debateId: big, signal: { type: 'hello' } }],
      ] as const) {
        const reply = await new Promise<unknown>((resolve) =>
          (socket.emit as (n: string, p: unknown, cb: (r: unknown) => void) => void)(event, payload, resolve),
        );
        expect(reply, event).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
      }
    } finally {
      socket.disconnect();
    }
    await expectHealthy();
  });

  it('refuses hostile socket payloads with an error acknowledgement and stays connected and healthy', async () => {
    // The table's `event | case` rows are states of an event, not events of their own.
    const events = Object.keys(SOCKET_RULES).filter(
      (e) => !e.includes(' | ') && !['ping', 'chat.leave', 'debate.leave', 'tournament.unwatch'].includes(e),
    );
    const sockets: TTestSocket[] = [await connectClient(baseUrl, admin.cookie), await connectClient(baseUrl)];
    const failures: string[] = [];
    try {
      for (const event of events) {
        await fc.assert(
          fc.asyncProperty(
            // Frames over the 64 KiB limit are dropped by Socket.IO itself (checked below).
            fc.oneof(hostileValue, nearlyValid).filter((v) => (JSON.stringify(v)?.length ?? 0) < 60_000),
            fc.integer({ min: 0, max: sockets.length - 1 }),
            async (payload, which) => {
              const socket = sockets[which]!;
              const reply = await new Promise<unknown>((resolve) => {
                (
                  socket.timeout(5000).emit as (
                    n: string,
                    p: unknown,
                    cb: (e: Error | null, r: unknown) => void,
                  ) => void
                )(event, payload, (err, r) => resolve(err ? { timeout: err.message } : r));
              });
              const r = reply as { ok?: boolean; error?: { code: string; message: string } };
              const label = `${event} ${JSON.stringify(payload)?.slice(0, 100)} → ${JSON.stringify(reply).slice(0, 160)}`;
              if (r.ok === true) return true; // a random payload that happens to be valid
              if (r.ok !== false || !isErrorShape(r)) failures.push(`shape: ${label}`);
              else if (r.error!.code === 'internal_error') failures.push(`internal_error: ${label}`);
              return true;
            },
          ),
          { numRuns: NUM_RUNS, seed: SEED },
        );
      }
      // Events without an acknowledgement, unknown events and non-object payloads must not hurt either.
      for (const socket of sockets) {
        for (const event of [
          'chat.leave',
          'debate.leave',
          'tournament.unwatch',
          'no.such_event',
          'ping',
          '__proto__',
          'constructor',
        ]) {
          for (const payload of [undefined, null, 42, 'x'.repeat(10_000), { debateId: -1 }, [[[[]]]]]) {
            (socket.emit as (n: string, p: unknown) => void)(event, payload);
          }
        }
        (socket.emit as (n: string, ...a: unknown[]) => void)('message.send', { clientId: randomUUID(), text: 'x' });
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets.map((s) => s.connected)).toEqual([true, true]);

      // An oversized frame closes only the connection that sent it.
      const flooder = await connectClient(baseUrl, user.cookie, { reconnectionDelay: 60_000 });
      sockets.push(flooder);
      (flooder.emit as (n: string, p: unknown) => void)('message.send', {
        clientId: randomUUID(),
        text: 'x'.repeat(100_000),
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(sockets.map((s) => s.connected)).toEqual([true, true, false]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
    expect(failures.slice(0, 20), `HOSTILE_SEED=${SEED}`).toEqual([]);
    await expectHealthy();
  });
});
