import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_CREATED_ROOM_ID,
  LIMITS,
  MAX_CREATED_ROOMS_PER_USER,
  REALTIME_ROOMS,
  type TRole,
  type TRoom,
  type TSessionUser,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TActorName = 'visitor' | 'user' | 'other' | 'moderator' | 'admin';
const ROLE_OF: Record<Exclude<TActorName, 'visitor'>, TRole> = {
  user: 'user',
  other: 'user',
  moderator: 'moderator',
  admin: 'admin',
};
const LINK = 'https://meet.google.com/abc-defg-hij';
const LINK_ERROR = 'Meeting Link must be a web address starting with http:// or https://.';

describe.each(TEST_ENGINES)('rooms API on %s', (engine) => {
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

  const signedIn = (actor: Exclude<TActorName, 'visitor'>) => (users[actor] ??= buildUser(t, { role: ROLE_OF[actor] }));
  const as = async (actor: TActorName): Promise<Record<string, string>> =>
    actor === 'visitor' ? {} : { cookie: (await signedIn(actor)).cookie };
  const create = async (actor: TActorName, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/rooms', headers: await as(actor), payload: payload as object });
  const patch = async (actor: TActorName, id: number | string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/rooms/${id}`, headers: await as(actor), payload: payload as object });
  const remove = async (actor: TActorName, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/rooms/${id}`, headers: await as(actor) });
  const rooms = async () => (await t.app.inject({ method: 'GET', url: '/api/rooms' })).json().rooms as TRoom[];
  /** A room created by `actor`, straight through the API. */
  const roomBy = async (actor: Exclude<TActorName, 'visitor'>, name = 'Practice room') => {
    const res = await create(actor, { name, zoomLink: LINK });
    expect(res.statusCode).toBe(201);
    return res.json().room as TRoom;
  };

  it.each<TActorName>(['visitor', 'user', 'moderator', 'admin'])('lets a %s list the rooms', async (actor) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rooms', headers: await as(actor) });
    expect(res.statusCode).toBe(200);
    expect((res.json().rooms as TRoom[]).map((r) => r.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Room ${n}`));
  });

  describe('create', () => {
    it('refuses a visitor', async () => {
      const res = await create('visitor', { name: 'Mine', zoomLink: LINK });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'unauthenticated', message: 'Sign in to create a room.' });
      expect(await rooms()).toHaveLength(6);
      expect(events).toEqual([]);
    });

    it.each<Exclude<TActorName, 'visitor' | 'other'>>(['user', 'moderator', 'admin'])(
      'lets a %s create a room, stored with its creator, id from 7, announced to everyone',
      async (actor) => {
        const res = await create(actor, { name: '  Lincoln Douglas practice ', zoomLink: ` ${LINK} ` });
        expect(res.statusCode).toBe(201);
        const room = res.json().room as TRoom;
        expect(room).toMatchObject({
          id: FIRST_CREATED_ROOM_ID,
          name: 'Lincoln Douglas practice',
          zoomLink: LINK,
          isFixed: false,
          createdBy: (await signedIn(actor)).user.id,
        });
        expect((await rooms()).at(-1)).toEqual(room);
        expect(events).toEqual([{ name: 'room.created', room: REALTIME_ROOMS.public, payload: { room } }]);
      },
    );

    it('numbers created rooms 7, 8, 9… and never reuses a deleted room’s id', async () => {
      const a = await roomBy('user', 'A');
      const b = await roomBy('admin', 'B');
      expect([a.id, b.id]).toEqual([7, 8]);
      expect((await remove('admin', b.id)).statusCode).toBe(204);
      expect((await roomBy('user', 'C')).id).toBe(9);
    });

    it.each([
      ['javascript:alert(document.cookie)', LINK_ERROR],
      ['JAVASCRIPT:alert(1)', LINK_ERROR],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', LINK_ERROR],
      ['ftp://files.example.com/room', LINK_ERROR],
      ['zoom.us/j/123', LINK_ERROR],
      ['   ', 'Meeting Link is required.'],
      ['', 'Meeting Link is required.'],
      [undefined, 'Meeting Link is required.'],
      [
        `https://zoom.us/j/${'9'.repeat(LIMITS.roomLink.max)}`,
        `Meeting Link must be at most ${LIMITS.roomLink.max} characters.`,
      ],
      ['https://zoom.us@evil.example/j/1', 'Meeting Link must not contain a user name or password.'],
    ])('refuses the link %j with a clear message and stores nothing', async (zoomLink, message) => {
      const res = await create('user', { name: 'Sneaky', zoomLink });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', message });
      expect(await rooms()).toHaveLength(6);
      expect(events).toEqual([]);
    });

    it.each([
      ['   ', 'Room Name is required.'],
      ['x'.repeat(LIMITS.roomName.max + 1), `Room Name must be at most ${LIMITS.roomName.max} characters.`],
    ])('refuses the name %j', async (name, message) => {
      const res = await create('user', { name, zoomLink: LINK });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    });

    it(`caps a user at ${MAX_CREATED_ROOMS_PER_USER} rooms; moderators are not capped`, async () => {
      for (let i = 0; i < MAX_CREATED_ROOMS_PER_USER; i++) await roomBy('user', `Room of mine ${i}`);
      const over = await create('user', { name: 'One too many', zoomLink: LINK });
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toBe(
        `You already have ${MAX_CREATED_ROOMS_PER_USER} rooms. Delete one before creating another.`,
      );
      expect((await create('other', { name: 'Someone else', zoomLink: LINK })).statusCode).toBe(201);
      for (let i = 0; i <= MAX_CREATED_ROOMS_PER_USER; i++) await roomBy('moderator', `Mod room ${i}`);
    });
  });

  describe('delete', () => {
    it.each([
      ['visitor', 401],
      ['other', 403],
    ] as const)('refuses a %s deleting someone’s room', async (actor, status) => {
      const room = await roomBy('user');
      events.length = 0;
      const res = await remove(actor, room.id);
      expect(res.statusCode).toBe(status);
      expect((await rooms()).map((r) => r.id)).toContain(room.id);
      expect(events).toEqual([]);
    });

    it.each<Exclude<TActorName, 'visitor' | 'other'>>(['user', 'moderator', 'admin'])(
      'lets the %s (creator, moderator, admin) delete a created room and tells everyone',
      async (actor) => {
        const room = await roomBy('user');
        events.length = 0;
        const res = await remove(actor, room.id);
        expect(res.statusCode).toBe(204);
        expect((await rooms()).map((r) => r.id)).not.toContain(room.id);
        expect(events).toEqual([{ name: 'room.deleted', room: REALTIME_ROOMS.public, payload: { roomId: room.id } }]);
        expect((await remove(actor, room.id)).statusCode).toBe(404);
      },
    );

    it.each<TActorName>(['visitor', 'user', 'moderator', 'admin'])(
      'never deletes a fixed room, even for a %s',
      async (actor) => {
        const res = await remove(actor, 3);
        expect(res.statusCode).toBe(actor === 'visitor' ? 401 : 403);
        expect(await rooms()).toHaveLength(6);
      },
    );

    it('answers 404 for an unknown room and 400 for a malformed id', async () => {
      expect((await remove('admin', 4242)).statusCode).toBe(404);
      for (const bad of ['abc', '0', '1.5', '99999999999']) {
        const res = await remove('admin', bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    });
  });

  describe('edit', () => {
    const NEW_LINK = 'https://zoom.us/j/987654321';

    it.each([
      ['visitor', 401],
      ['user', 403],
      ['moderator', 403],
    ] as const)('lets no %s change a fixed room', async (actor, status) => {
      const before = await rooms();
      const res = await patch(actor, 1, { zoomLink: NEW_LINK });
      expect(res.statusCode).toBe(status);
      expect(await rooms()).toEqual(before);
    });

    it('lets an admin change a fixed room’s link (announced), but not its name', async () => {
      const res = await patch('admin', 2, { zoomLink: NEW_LINK });
      expect(res.statusCode).toBe(200);
      const room = res.json().room as TRoom;
      expect(room).toMatchObject({ id: 2, name: 'Room 2', zoomLink: NEW_LINK, isFixed: true });
      expect((await rooms())[1]).toEqual(room);
      expect(events).toEqual([{ name: 'room.updated', room: REALTIME_ROOMS.public, payload: { room } }]);

      const rename = await patch('admin', 2, { name: 'VIP lounge' });
      expect(rename.statusCode).toBe(400);
      expect(rename.json().error.message).toBe('The fixed rooms keep their names; change Room 2’s link only.');
      const bad = await patch('admin', 2, { zoomLink: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(LINK_ERROR);
      expect((await rooms())[1]).toEqual(room);
    });

    it.each([
      ['visitor', 401],
      ['other', 403],
      ['user', 200],
      ['moderator', 200],
      ['admin', 200],
    ] as const)('answers a %s changing a created room with %i', async (actor, status) => {
      const room = await roomBy('user');
      const res = await patch(actor, room.id, { name: 'Renamed', zoomLink: NEW_LINK });
      expect(res.statusCode).toBe(status);
      const after = (await rooms()).find((r) => r.id === room.id);
      expect(after?.name).toBe(status === 200 ? 'Renamed' : room.name);
    });

    it('needs something to change and answers 404 for an unknown room', async () => {
      expect((await patch('admin', 1, {})).json().error.message).toBe('Give a new Room Name or Meeting Link.');
      expect((await patch('admin', 4242, { zoomLink: NEW_LINK })).statusCode).toBe(404);
    });
  });

  it('limits the rate of room writes per address', async () => {
    const { cookie } = await signedIn('user');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/rooms/4242',
        headers: { cookie },
        payload: { zoomLink: LINK },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
