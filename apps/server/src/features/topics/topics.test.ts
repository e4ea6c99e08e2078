import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC, LIMITS, REALTIME_ROOMS, type TSessionUser, type TTopic } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

const NEW_TOPIC = {
  title: 'Should homework be banned in high school?',
  date: 'September 1, 2026',
  description: 'Whether homework helps or harms students’ learning and well-being.',
};

type TActorName = 'visitor' | 'user' | 'moderator' | 'admin';

describe.each(TEST_ENGINES)('topics API on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  /** Signed-in users are made on first use (sign-up hashes a password, which is the slow part). */
  let users: Partial<Record<TActorName, Promise<{ user: TSessionUser; cookie: string }>>>;

  beforeEach(async () => {
    t = await createTestApp(engine);
    users = {};
    events = [];
    t.app.context.events.subscribe((event) => events.push(event));
  });
  afterEach(async () => {
    await t.close();
  });

  const signedIn = (actor: Exclude<TActorName, 'visitor'>) => (users[actor] ??= buildUser(t, { role: actor }));
  const as = async (actor: TActorName): Promise<Record<string, string>> =>
    actor === 'visitor' ? {} : { cookie: (await signedIn(actor)).cookie };
  const putTopic = async (actor: TActorName, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/topics/current', headers: await as(actor), payload: payload as object });
  const makeCurrent = async (actor: TActorName, id: number | string) =>
    t.app.inject({ method: 'POST', url: `/api/topics/${id}/make-current`, headers: await as(actor) });
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/topics/current' })).json().topic as TTopic;
  const history = async () => (await t.app.inject({ method: 'GET', url: '/api/topics' })).json().topics as TTopic[];

  it.each<TActorName>(['visitor', 'user', 'moderator', 'admin'])(
    'lets a %s read the current topic and history',
    async (actor) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/topics/current', headers: await as(actor) });
      expect(res.statusCode).toBe(200);
      expect(res.json().topic).toMatchObject({ ...DEFAULT_TOPIC, isCurrent: true });
      const list = await t.app.inject({ method: 'GET', url: '/api/topics', headers: await as(actor) });
      expect(list.statusCode).toBe(200);
      expect(list.json().topics).toHaveLength(1);
    },
  );

  it.each([
    ['visitor', 401, 'unauthenticated'],
    ['user', 403, 'forbidden'],
    ['moderator', 403, 'forbidden'],
  ] as const)('refuses a topic change from a %s (%i)', async (actor, status, code) => {
    const res = await putTopic(actor, NEW_TOPIC);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await current()).toMatchObject(DEFAULT_TOPIC);
    expect(events).toEqual([]);
  });

  it('lets an admin set a new topic: saved, announced to everyone, the old one kept in the history', async () => {
    const before = await current();
    const res = await putTopic('admin', { ...NEW_TOPIC, title: `  ${NEW_TOPIC.title}  ` });
    expect(res.statusCode).toBe(200);
    const topic = res.json().topic as TTopic;
    expect(topic).toMatchObject({ ...NEW_TOPIC, isCurrent: true });
    expect(topic.id).not.toBe(before.id);
    expect(await current()).toEqual(topic);

    const list = await history();
    expect(list.map((x) => [x.id, x.isCurrent])).toEqual([
      [topic.id, true],
      [before.id, false],
    ]);
    const stored = await t.database.db
      .selectFrom('topics')
      .select(['id', 'createdBy'])
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(stored.createdBy).toBe((await signedIn('admin')).user.id);
    expect(events).toEqual([{ name: 'topic.updated', room: REALTIME_ROOMS.public, payload: { topic } }]);
  });

  it.each([
    [{ ...NEW_TOPIC, title: '' }, 'New Topic Title is required.'],
    [{ ...NEW_TOPIC, title: '   ' }, 'New Topic Title is required.'],
    [{ ...NEW_TOPIC, date: ' ' }, 'Event Date is required.'],
    [{ title: NEW_TOPIC.title, date: NEW_TOPIC.date }, 'Short description is required.'],
    [
      { ...NEW_TOPIC, title: 'x'.repeat(LIMITS.topicTitle.max + 1) },
      `New Topic Title must be at most ${LIMITS.topicTitle.max} characters.`,
    ],
    [
      { ...NEW_TOPIC, date: 'x'.repeat(LIMITS.topicDate.max + 1) },
      `Event Date must be at most ${LIMITS.topicDate.max} characters.`,
    ],
    [
      { ...NEW_TOPIC, description: 'x'.repeat(LIMITS.topicDescription.max + 1) },
      `Short description must be at most ${LIMITS.topicDescription.max} characters.`,
    ],
  ])('refuses an invalid topic from an admin with a clear message (%#)', async (payload, message) => {
    const res = await putTopic('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message });
    expect(await history()).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('refuses a non-admin before looking at the body', async () => {
    const res = await putTopic('user', {});
    expect(res.statusCode).toBe(403);
  });

  it('lets only an admin make a past topic current again; it moves to the top of the history', async () => {
    const first = await current();
    const second = (await putTopic('admin', NEW_TOPIC)).json().topic as TTopic;
    const third = (await putTopic('admin', { ...NEW_TOPIC, title: 'Should voting be compulsory?' })).json()
      .topic as TTopic;
    events.length = 0;

    for (const [actor, status] of [
      ['visitor', 401],
      ['user', 403],
      ['moderator', 403],
    ] as const) {
      expect((await makeCurrent(actor, first.id)).statusCode).toBe(status);
    }
    expect((await current()).id).toBe(third.id);
    expect(events).toEqual([]);

    const res = await makeCurrent('admin', first.id);
    expect(res.statusCode).toBe(200);
    const reactivated = res.json().topic as TTopic;
    expect(reactivated).toMatchObject({ ...DEFAULT_TOPIC, id: first.id, isCurrent: true });
    expect(await current()).toEqual(reactivated);
    // Same row, no copy; order = most recently current first.
    expect((await history()).map((x) => [x.id, x.isCurrent])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);
    expect(events).toEqual([{ name: 'topic.updated', room: REALTIME_ROOMS.public, payload: { topic: reactivated } }]);
  });

  it('treats making the current topic current as a no-op and answers 404/400 for unknown or bad ids', async () => {
    const first = await current();
    const same = await makeCurrent('admin', first.id);
    expect(same.statusCode).toBe(200);
    expect(same.json().topic).toEqual(first);
    expect(events).toEqual([]);

    expect((await makeCurrent('admin', 9999)).json()).toEqual({
      error: { code: 'not_found', message: 'That topic does not exist.' },
    });
    expect((await makeCurrent('admin', 9999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await makeCurrent('admin', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect((await current()).id).toBe(first.id);
  });

  it('keeps exactly one current topic when admins save at the same time', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => putTopic('admin', { ...NEW_TOPIC, title: `Concurrent topic ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.database.db.selectFrom('topics').select('id').where('isCurrent', '=', 1).execute();
    expect(rows).toHaveLength(1);
    expect(await history()).toHaveLength(7);
  });

  it('refuses a cross-site topic change made with an admin’s cookie', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/topics/current',
      headers: { ...(await as('admin')), origin: 'https://evil.example' },
      payload: NEW_TOPIC,
    });
    expect(res.statusCode).toBe(403);
    expect(await current()).toMatchObject(DEFAULT_TOPIC);
  });
});
