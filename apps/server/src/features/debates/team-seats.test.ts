/**
 * Every seat rule over teams (issue 40), through the real API on both engines: rounds of four (2 v 2) and six (3 v 3)
 * opened by `openSeatedRound`, which writes each debater's seat. Blocks between partners, across sides and with the
 * judge; a suspended partner; a minor and an adult stranger on one side or across, and teammates; the consent of
 * every debater before spectators watch or the round is recorded; partners as debaters of the round.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from './round-seating';
import { swapUnstartedSides } from './round-seats.repository';
import { postPartnerMessage } from './partner-chat.service';

type TCookieUser = { user: TSessionUser; cookie: string };

function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

const PF = ['first', 'second'];
const WS = ['first', 'second', 'third'];

describe.each(TEST_ENGINES)('seat rules over teams on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const people = async (n: number, birthMonth?: string) => {
    const made: TCookieUser[] = [];
    for (let i = 0; i < n; i++) made.push(await buildUser(t, birthMonth ? { birthMonth } : {}));
    return made;
  };
  const teen = () => buildUser(t, { birthMonth: bornYearsAgo(15) });
  const adult = () => buildUser(t, { birthMonth: bornYearsAgo(30) });
  /** Side a's team and side b's team, each in the format's positions (PF for two, World Schools for three). */
  const seating = (a: TCookieUser[], b: TCookieUser[]) =>
    [...a.map((p, i) => ({ p, side: 'a', i })), ...b.map((p, i) => ({ p, side: 'b', i }))].map(({ p, side, i }) => ({
      userId: p.user.id,
      side,
      position: (a.length === 3 ? WS : PF)[i]!,
    }));
  const open = (a: TCookieUser[], b: TCookieUser[], judge?: TCookieUser) =>
    openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: a.length === 3 ? 'ws' : 'pf',
        resolution: 'This house would seat teams.',
        topicId: null,
        debaters: seating(a, b),
        judgeId: judge?.user.id ?? null,
      },
    );
  /** The error `openSeatedRound` threw, as the API would answer it. */
  const refusalOf = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: { code: string; reason?: string; message: string }) => ({
        code: error.code,
        reason: error.reason,
        message: error.message,
      }),
    );
  const counts = async () => ({
    debates: Number(
      (
        await t.database.db
          .selectFrom('debates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    seats: Number(
      (
        await t.database.db
          .selectFrom('debateSeats')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const block = (who: TCookieUser, whom: TCookieUser) => call(who, 'PUT', `/api/blocks/${whom.user.id}`);
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;

  it('seats four and six debaters, side by side in their positions, each a debater of the round', async () => {
    const [a1, a2, a3, b1, b2, b3, judge] = await people(7);
    const id = await open([a1!, a2!, a3!], [b1!, b2!, b3!], judge);
    const seats = await t.database.db
      .selectFrom('debateSeats')
      .select(['side', 'seat', 'position', 'userId'])
      .where('debateId', '=', id)
      .orderBy('side')
      .orderBy('seat')
      .execute();
    expect(seats.map((s) => [s.side, Number(s.seat), s.position, s.userId])).toEqual([
      ['a', 1, 'first', a1!.user.id],
      ['a', 2, 'second', a2!.user.id],
      ['a', 3, 'third', a3!.user.id],
      ['b', 1, 'first', b1!.user.id],
      ['b', 2, 'second', b2!.user.id],
      ['b', 3, 'third', b3!.user.id],
    ]);
    // Side A's and side B's first seats stay on the round's row for the readers not moved yet.
    const round = await debateOf(a3!, id);
    expect([round.debaters.a.userId, round.debaters.b.userId]).toEqual([a1!.user.id, b1!.user.id]);
    // A third speaker is a debater: they set the meeting link, and they are in a debate now (one round at a time).
    expect((await call(b3!, 'PUT', `/api/debates/${id}/external-link`, { link: '' })).statusCode).toBe(200);
    expect((await refusalOf(open([b3!, judge!], [a1!, a2!])))?.code).toBe('conflict');
    // No partner takes the judge's seat of their own round (the round's judge seat is taken: a fresh 2 v 2).
    const [c1, c2, d1, d2] = await people(4);
    const open2 = await open([c1!, c2!], [d1!, d2!]);
    const claimed = await call(d2!, 'POST', `/api/debates/${open2}/judge`, {});
    expect(claimed.json().error.reason).toBe('debater_cannot_judge');
  });

  it('refuses a team with the same person twice, or a person on both sides, and writes nothing', async () => {
    const [a1, a2, b1] = await people(3);
    for (const debaters of [
      [
        { userId: a1!.user.id, side: 'a', position: 'first' },
        { userId: a1!.user.id, side: 'a', position: 'second' },
        { userId: b1!.user.id, side: 'b', position: null },
      ],
      [
        { userId: a1!.user.id, side: 'a', position: 'first' },
        { userId: a2!.user.id, side: 'a', position: 'second' },
        { userId: a2!.user.id, side: 'b', position: null },
      ],
    ]) {
      const refused = await refusalOf(
        openSeatedRound(
          { database: t.database },
          { kind: 'challenge', formatId: 'pf', resolution: 'R', topicId: null, debaters },
        ),
      );
      expect(refused).toMatchObject({ code: 'validation_failed' });
      expect(refused!.message).toContain('The same person cannot hold two seats in one round.');
    }
    expect(await counts()).toEqual({ debates: 0, seats: 0 });
  });

  it('refuses a position the format’s side does not have, naming it, and writes nothing', async () => {
    const [a1, a2, b1, b2] = await people(4);
    const cases: { formatId: 'pf' | 'parli' | 'ws'; positions: [string, string, string, string]; says: string }[] = [
      // Parliamentary's Prime Minister in a Public Forum round.
      { formatId: 'pf', positions: ['pm', 'first', 'first', 'second'], says: 'Public Forum’s Pro has no position pm' },
      // Public Forum's positions in a Parliamentary round (its Government seats a PM and an MG).
      { formatId: 'parli', positions: ['first', 'second', 'lo', 'mo'], says: 'has no position first' },
      // The Opposition's Leader on the Government's side.
      { formatId: 'parli', positions: ['pm', 'mg', 'pm', 'mo'], says: 'has no position pm' },
      // World Schools seats three positions a side; a fourth is no position of it.
      { formatId: 'ws', positions: ['first', 'fourth', 'first', 'second'], says: 'has no position fourth' },
    ];
    for (const { formatId, positions, says } of cases) {
      const debaters = [a1!, a2!, b1!, b2!].map((p, i) => ({
        userId: p.user.id,
        side: i < 2 ? 'a' : 'b',
        position: positions[i]!,
      }));
      const refused = await refusalOf(
        openSeatedRound(
          { database: t.database },
          { kind: 'challenge', formatId, resolution: 'R', topicId: null, debaters },
        ),
      );
      expect(refused, `${formatId} ${positions.join(' ')}`).toMatchObject({ code: 'validation_failed' });
      expect(refused!.message).toContain(says);
    }
    expect(await counts()).toEqual({ debates: 0, seats: 0 });
    // The same four in the format's own positions are seated.
    const seated = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'parli',
        resolution: 'R',
        topicId: null,
        debaters: [a1!, a2!, b1!, b2!].map((p, i) => ({
          userId: p.user.id,
          side: i < 2 ? 'a' : 'b',
          position: ['pm', 'mg', 'lo', 'mo'][i]!,
        })),
      },
    );
    expect(seated).toBeGreaterThan(0);
  });

  it('refuses partners one of whom blocked the other, a block across sides of six, and a judge a partner blocked', async () => {
    const [a1, a2, b1, b2] = await people(4);
    expect((await block(a2!, a1!)).statusCode).toBe(200);
    const partners = await refusalOf(open([a1!, a2!], [b1!, b2!]));
    expect(partners).toMatchObject({ code: 'conflict', reason: 'blocked' });
    expect(partners!.message).toContain(a1!.user.displayName);
    expect(partners!.message).toContain(a2!.user.displayName);

    const [c1, c2, c3, d1, d2, d3, judge] = await people(7);
    expect((await block(d3!, c3!)).statusCode).toBe(200);
    expect(await refusalOf(open([c1!, c2!, c3!], [d1!, d2!, d3!]))).toMatchObject({ reason: 'blocked' });

    const [e1, e2, f1, f2] = await people(4);
    expect((await block(f2!, judge!)).statusCode).toBe(200);
    expect(await refusalOf(open([e1!, e2!], [f1!, f2!], judge))).toMatchObject({ reason: 'blocked' });
    expect(await counts()).toEqual({ debates: 0, seats: 0 });
  });

  it('refuses a suspended partner in a round of six, naming them, in neutral words', async () => {
    const [a1, a2, a3, b1, b2, b3] = await people(6);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.database.db.updateTable('users').set({ suspendedUntil: until }).where('id', '=', b2!.user.id).execute();
    const refused = await refusalOf(open([a1!, a2!, a3!], [b1!, b2!, b3!]));
    expect(refused).toMatchObject({ code: 'conflict', reason: 'seat_unavailable' });
    expect(refused!.message).toContain(b2!.user.displayName);
    expect(await counts()).toEqual({ debates: 0, seats: 0 });
  });

  it('keeps a minor from an adult stranger on one side or across, unless they are teammates', async () => {
    const [t1, t2, t3, grown] = [await teen(), await teen(), await teen(), await adult()];
    // On one side: a 15-year-old partnered with a 30-year-old stranger.
    expect(await refusalOf(open([t1, grown], [t2, t3]))).toMatchObject({ reason: 'age_band_pair' });
    // Across: three minors and an adult stranger as a second speaker of the other side.
    const [t4, t5, t6] = [await teen(), await teen(), await teen()];
    const [g2] = [await adult()];
    expect(await refusalOf(open([t4, t5, t6], [await teen(), g2, await teen()]))).toMatchObject({
      reason: 'age_band_pair',
    });
    expect(await counts()).toEqual({ debates: 0, seats: 0 });
    // Teammates: the adult shares a team with each minor of the round (the exception is unchanged).
    const coach = await adult();
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Northside', school: 'Northside High' })).json().team;
    for (const m of [t1, t2, t3, grown]) {
      const joined = await call(m, 'POST', `/api/teams/join/${team.joinCode}`);
      if (joined.json().isPending) await call(coach, 'POST', `/api/teams/${team.id}/members/${m.user.id}/approve`);
    }
    const id = await open([t1, grown], [t2, t3]);
    expect((await debateOf(grown, id)).minors.hasMinor).toBe(true);
  });

  it('lets spectators watch a round of four minors only once every debater allows it, partners too', async () => {
    const [a1, a2, b1, b2] = [await teen(), await teen(), await teen(), await teen()];
    const watcher = await teen();
    const id = await open([a1, a2], [b1, b2]);
    expect((await debateOf(watcher, id)).spectatorWatch.isAllowed).toBe(false);
    // A second speaker shares the round's evidence with spectators, as either first seat may.
    const shared = await call(b2, 'PUT', `/api/debates/${id}/evidence/visibility`, { isPublic: true });
    expect((shared.json().debate as TDebate).evidencePublic).toBe(true);
    for (const who of [a1, b1, b2]) {
      expect((await call(who, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: true })).statusCode).toBe(200);
    }
    // Both first seats allow it; the second speaker of side A has not.
    expect((await debateOf(watcher, id)).spectatorWatch).toEqual({ a: true, b: true, isAllowed: false });
    expect((await call(watcher, 'GET', `/api/debates/${id}/evidence`)).json().error.reason).toBe(
      'spectators_not_watching',
    );
    const all = await call(a2, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: true });
    expect((all.json().debate as TDebate).spectatorWatch.isAllowed).toBe(true);
    expect((await call(watcher, 'GET', `/api/debates/${id}/evidence`)).statusCode).toBe(200);
    // One partner turning it off stops it for everyone.
    await call(b2, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: false });
    expect((await debateOf(watcher, id)).spectatorWatch.isAllowed).toBe(false);
  });

  it('in a round of six adults, a third speaker turning spectators off keeps them out', async () => {
    const [a1, a2, a3, b1, b2, b3] = await people(6);
    const id = await open([a1!, a2!, a3!], [b1!, b2!, b3!]);
    expect((await debateOf(b1!, id)).spectatorWatch.isAllowed).toBe(true);
    expect((await call(a3!, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: false })).statusCode).toBe(200);
    expect((await debateOf(b1!, id)).spectatorWatch.isAllowed).toBe(false);
  });

  it('records a round of six only once all six debaters agree', async () => {
    const debaters = await people(6);
    const [a1, a2, a3, b1, b2, b3] = debaters;
    const id = await open([a1!, a2!, a3!], [b1!, b2!, b3!]);
    const start = () => call(a2!, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' });
    for (const who of debaters.slice(0, 5)) {
      expect((await call(who, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true })).statusCode).toBe(200);
    }
    expect((await start()).json().error.reason).toBe('no_recording_consent');
    await call(b3!, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    expect((await start()).statusCode).toBe(201);
  });

  it('keeps a spectator a second speaker blocked out, and a block between partners ends their live round', async () => {
    const [a1, a2, b1, b2, watcher] = await people(5);
    const id = await open([a1!, a2!], [b1!, b2!]);
    expect((await call(watcher!, 'GET', `/api/debates/${id}`)).statusCode).toBe(200);
    await block(b2!, watcher!);
    expect((await call(watcher!, 'GET', `/api/debates/${id}`)).json().error.reason).toBe('blocked');
    // A partner blocks their partner mid-round: the round ends early, as it would between opponents.
    expect((await block(a2!, a1!)).statusCode).toBe(200);
    const ended = await debateOf(b1!, id);
    expect([ended.status, ended.isEndedEarly]).toEqual(['abandoned', true]);
  });

  it('moves every seat with its side when a host swaps the sides of a round that has not started', async () => {
    const [a1, a2, a3, b1, b2, b3] = await people(6);
    const id = await open([a1!, a2!, a3!], [b1!, b2!, b3!]);
    expect(await swapUnstartedSides(t.database.db, id)).toBe(true);
    const seats = await t.database.db
      .selectFrom('debateSeats')
      .select(['side', 'seat', 'userId'])
      .where('debateId', '=', id)
      .orderBy('side')
      .orderBy('seat')
      .execute();
    expect(seats.map((s) => [s.side, Number(s.seat), s.userId])).toEqual([
      ['a', 1, b1!.user.id],
      ['a', 2, b2!.user.id],
      ['a', 3, b3!.user.id],
      ['b', 1, a1!.user.id],
      ['b', 2, a2!.user.id],
      ['b', 3, a3!.user.id],
    ]);
    const round = await debateOf(a2!, id);
    expect([round.debaters.a.userId, round.debaters.b.userId]).toEqual([b1!.user.id, a1!.user.id]);
  });

  it('reads every seat for the round chat’s blocks', async () => {
    const [a1, a2, b1, b2] = await people(4);
    const id = await open([a1!, a2!], [b1!, b2!]);
    // Waiting for the ballot (the chat is open, a block no longer ends the round): second speakers block each other.
    await t.database.db.updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', id).execute();
    expect((await block(b2!, a2!)).statusCode).toBe(200);
    const posted = await call(a2!, 'POST', `/api/debates/${id}/messages`, { text: 'Good round.' });
    expect(posted.statusCode, posted.body).toBeGreaterThanOrEqual(400);
    expect(posted.statusCode).toBeLessThan(500);
    expect(posted.json().error.reason).toBe('blocked');
    expect((await call(a1!, 'POST', `/api/debates/${id}/messages`, { text: 'Thanks all.' })).statusCode).toBe(201);
  });

  it('moves each team’s partner chat and team flow with it when the sides swap: nobody reads the other team’s', async () => {
    const [a1, a2, b1, b2] = await people(4);
    const id = await open([a1!, a2!], [b1!, b2!]);
    const deps = { database: t.database, events: t.app.context.events };
    await postPartnerMessage(deps, a1!.user, id, { text: 'Lead with the jobs turn.' });
    await postPartnerMessage(deps, b1!.user, id, { text: 'Their card is from 2015.' });
    const write = (who: TCookieUser, text: string) =>
      call(who, 'PATCH', `/api/debates/${id}/team-flow`, {
        cells: [{ column: 0, row: 0, text, isExtension: false }],
      });
    expect((await write(a2!, 'A: econ case')).statusCode).toBe(200);
    expect((await write(b2!, 'B: 2015 card')).statusCode).toBe(200);
    expect(await swapUnstartedSides(t.database.db, id)).toBe(true);
    const flowOf = async (who: TCookieUser) =>
      (await call(who, 'GET', `/api/debates/${id}/team-flow`)).json().flow as {
        side: string;
        columns: { text: string }[][];
      };
    const [flowA, flowB] = [await flowOf(a1!), await flowOf(b1!)];
    expect([flowA.side, flowA.columns[0]![0]!.text]).toEqual(['b', 'A: econ case']);
    expect([flowB.side, flowB.columns[0]![0]!.text]).toEqual(['a', 'B: 2015 card']);
    const chat = await t.database.db
      .selectFrom('debatePartnerMessages')
      .select(['side', 'userId'])
      .where('debateId', '=', id)
      .orderBy('id')
      .execute();
    expect(chat).toEqual([
      { side: 'b', userId: a1!.user.id },
      { side: 'a', userId: b1!.user.id },
    ]);
  });
});
