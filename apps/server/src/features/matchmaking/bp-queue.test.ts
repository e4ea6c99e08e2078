/**
 * The BP queue (issue 41) through the real API on both engines: partners who queue together and "find me a partner"
 * debaters whom the queue pairs into teams make a British Parliamentary room of four teams of two, opened through
 * `openBpRoom`'s seating; blocked pairs are kept apart over all eight; a minor never sits with an adult; a fifth team
 * waits; BP has no one-on-one queue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bpTeamsOfSeats, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import type { TDomainEvent } from '../../lib/events';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe.each(TEST_ENGINES)('the British Parliamentary queue on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  beforeEach(async () => {
    t = await createTestApp(engine);
    events = [];
    t.app.context.events.subscribe((e) => events.push(e));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const people = async (n: number, birthMonth?: string) => {
    const made: TCookieUser[] = [];
    for (let i = 0; i < n; i++) made.push(await buildUser(t, birthMonth ? { birthMonth } : {}));
    return made;
  };
  const solo = (who: TCookieUser) => call(who, 'POST', '/api/debates/queue', { formatId: 'bp', mode: 'solo' });
  /** `a` and `b` link as BP partners and both join naming each other: a ready team. */
  async function queueTeam(a: TCookieUser, b: TCookieUser) {
    const made = await call(a, 'POST', '/api/debates/partner-links', { formatId: 'bp' });
    expect(made.statusCode).toBe(201);
    const token = made.json().link.token as string;
    expect((await call(b, 'POST', `/api/debates/partner-links/${token}/accept`)).statusCode).toBe(200);
    const first = await call(a, 'POST', '/api/debates/queue', {
      formatId: 'bp',
      mode: 'team',
      partnerIds: [b.user.id],
    });
    expect(first.json().status).toBe('waiting');
    return call(b, 'POST', '/api/debates/queue', { formatId: 'bp', mode: 'team', partnerIds: [a.user.id] });
  }
  const rooms = () => t.database.db.selectFrom('debates').select(['id', 'formatId', 'kind']).execute();
  const seatsOf = (debateId: number) =>
    t.database.db
      .selectFrom('debateSeats')
      .select(['userId', 'side', 'position'])
      .where('debateId', '=', debateId)
      .execute();
  const waitingIds = async () =>
    (await t.database.db.selectFrom('debateQueue').select('userId').execute()).map((r) => r.userId).sort();
  const ids = (who: readonly TCookieUser[]) => who.map((w) => w.user.id).sort();
  const matchedTo = (userId: string) =>
    events.filter((e) => e.name === 'debate.matched' && e.room === `user:${userId}`).map((e) => e.payload);

  it('two ready teams and four "find me a partner" debaters make one room of four teams of two', async () => {
    const [ada, bea, cy, dee, eve, fay, gus, hal] = await people(8);
    expect((await queueTeam(ada!, bea!)).json().status).toBe('waiting');
    expect((await queueTeam(cy!, dee!)).json().status).toBe('waiting');
    expect((await call(ada!, 'GET', '/api/debates/queue')).json().queue.waiting.room).toEqual({
      teams: 2,
      teamsNeeded: 4,
      withoutPartner: 0,
    });
    for (const who of [eve!, fay!, gus!]) expect((await solo(who)).json().status).toBe('waiting');
    // Seven are waiting: three teams and one debater without a partner. No room yet, and every card says so.
    expect(await rooms()).toEqual([]);
    for (const who of [ada!, gus!]) {
      expect((await call(who, 'GET', '/api/debates/queue')).json().queue.waiting.room).toEqual({
        teams: 3,
        teamsNeeded: 4,
        withoutPartner: 1,
      });
    }
    const last = await solo(hal!);
    expect(last.json().status).toBe('matched');
    const { debateId } = last.json() as { debateId: number };
    expect(await rooms()).toEqual([{ id: debateId, formatId: 'bp', kind: 'matchmade' }]);

    const seated = await seatsOf(debateId);
    const everyone = [ada!, bea!, cy!, dee!, eve!, fay!, gus!, hal!];
    expect(ids(seated.map((s) => ({ user: { id: s.userId } }) as TCookieUser))).toEqual(ids(everyone));
    const teams = bpTeamsOfSeats(seated);
    expect(teams).not.toBeNull();
    const asSets = Object.values(teams!).map((team) => [...team].sort().join(','));
    // The partners sit together; the four solo debaters were made into two teams between themselves.
    expect(asSets).toContain(ids([ada!, bea!]).join(','));
    expect(asSets).toContain(ids([cy!, dee!]).join(','));
    const formed = Object.values(teams!).filter((team) =>
      team.every((id) => ids([eve!, fay!, gus!, hal!]).includes(id)),
    );
    expect(formed).toHaveLength(2);
    for (const who of everyone) expect(matchedTo(who.user.id)).toEqual([{ debateId }]);
    expect(await waitingIds()).toEqual([]);
  });

  it('a fifth team waits for three more', async () => {
    const ten = await people(10);
    for (let i = 0; i < 6; i += 2) expect((await queueTeam(ten[i]!, ten[i + 1]!)).json().status).toBe('waiting');
    const fourth = await queueTeam(ten[6]!, ten[7]!);
    expect(fourth.json().status).toBe('matched');
    expect((await queueTeam(ten[8]!, ten[9]!)).json().status).toBe('waiting');
    expect(await rooms()).toHaveLength(1);
    expect(
      ids((await seatsOf(fourth.json().debateId)).map((s) => ({ user: { id: s.userId } }) as TCookieUser)),
    ).toEqual(ids(ten.slice(0, 8)));
    expect(await waitingIds()).toEqual(ids(ten.slice(8)));
    const status = (await call(ten[8]!, 'GET', '/api/debates/queue')).json().queue.waiting;
    expect(status).toMatchObject({
      formatId: 'bp',
      mode: 'team',
      partners: [{ userId: ten[9]!.user.id, hasJoined: true }],
    });
  });

  it('keeps two who blocked each other out of one room, over all eight', async () => {
    const s = await people(10);
    expect((await call(s[0]!, 'PUT', `/api/blocks/${s[1]!.user.id}`)).statusCode).toBeLessThan(300);
    for (const who of s.slice(0, 9)) expect((await solo(who)).json().status).toBe('waiting');
    // Nine wait, but the eight without the blocked pair together are not yet four teams.
    expect(await rooms()).toEqual([]);
    const last = await solo(s[9]!);
    expect(last.json().status).toBe('matched');
    const seated = (await seatsOf(last.json().debateId)).map((seat) => seat.userId);
    expect(seated).toHaveLength(8);
    expect(seated.includes(s[0]!.user.id) && seated.includes(s[1]!.user.id)).toBe(false);
    // In arrival order the second of the pair could not join the first's team and started another, which no room
    // could take with the first's: they and the partner the queue found them wait.
    expect(await waitingIds()).toEqual(ids([s[1]!, s[3]!]));
  });

  it('never seats a minor with an adult: each age band fills its own room', async () => {
    const teens = await people(4, bornYearsAgo(15));
    const adults = await people(4);
    for (const who of [...teens, ...adults]) expect((await solo(who)).json().status).toBe('waiting');
    // Eight wait, four teams could be formed, but two teams of minors and two of adults may not meet.
    expect(await rooms()).toEqual([]);
    const more = await people(4);
    for (const who of more.slice(0, 3)) expect((await solo(who)).json().status).toBe('waiting');
    const last = await solo(more[3]!);
    expect(last.json().status).toBe('matched');
    const seated = (await seatsOf(last.json().debateId)).map((seat) => seat.userId).sort();
    expect(seated).toEqual(ids([...adults, ...more]));
    expect(await waitingIds()).toEqual(ids(teens));
  });

  it('refuses British Parliamentary one-on-one, and a partner from the other age band', async () => {
    const [ada, bea] = await people(2);
    const [teen] = await people(1, bornYearsAgo(15));
    const bare = await call(ada!, 'POST', '/api/debates/queue', { formatId: 'bp' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(
      'British Parliamentary is debated by four teams of two: it has no one-on-one rounds.',
    );
    const unlinked = await call(ada!, 'POST', '/api/debates/queue', {
      formatId: 'bp',
      mode: 'team',
      partnerIds: [bea!.user.id],
    });
    expect(unlinked.statusCode).toBe(403);
    const made = (await call(ada!, 'POST', '/api/debates/partner-links', { formatId: 'bp' })).json().link;
    const byTeen = await call(teen!, 'POST', `/api/debates/partner-links/${made.token}/accept`);
    expect(byTeen.statusCode).toBe(403);
    expect(await waitingIds()).toEqual([]);
  });

  it('forms a room only from teams that chose the same speech length, and runs that length', async () => {
    const schools = await people(8);
    const universities = await people(4);
    const soloFor = (who: TCookieUser, speechMinutes?: number) =>
      call(who, 'POST', '/api/debates/queue', {
        formatId: 'bp',
        mode: 'solo',
        ...(speechMinutes === undefined ? {} : { speechMinutes }),
      });
    // Seven five-minute queuers and four seven-minute ones (the default): eleven waiting, no room of either length.
    for (const who of schools.slice(0, 7)) expect((await soloFor(who, 5)).json().status).toBe('waiting');
    for (const who of universities) expect((await soloFor(who)).json().status).toBe('waiting');
    expect(await rooms()).toEqual([]);
    const last = await soloFor(schools[7]!, 5);
    expect(last.json().status).toBe('matched');
    const { debateId } = last.json() as { debateId: number };
    expect((await seatsOf(debateId)).map((seat) => seat.userId).sort()).toEqual(ids(schools));
    expect(await waitingIds()).toEqual(ids(universities));
    const room = await call(schools[0]!, 'GET', `/api/debates/${debateId}`);
    expect(room.json().debate.clock.speechMinutes).toBe(5);
    const row = await t.database.db
      .selectFrom('debates')
      .select('speechMinutes')
      .where('id', '=', debateId)
      .executeTakeFirstOrThrow();
    expect(Number(row.speechMinutes)).toBe(5);
  });

  it('refuses a speech length BP does not offer, and one in another format', async () => {
    const [ada] = await people(1);
    const six = await call(ada!, 'POST', '/api/debates/queue', { formatId: 'bp', mode: 'solo', speechMinutes: 6 });
    expect(six.statusCode).toBe(400);
    expect(six.json().error.message).toBe('A British Parliamentary speech is seven or five minutes long.');
    const ld = await call(ada!, 'POST', '/api/debates/queue', { formatId: 'ld', speechMinutes: 5 });
    expect(ld.statusCode).toBe(400);
    expect(await waitingIds()).toEqual([]);
  });
});
