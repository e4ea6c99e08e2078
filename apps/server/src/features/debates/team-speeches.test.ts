/**
 * A round of teams runs by speaker position (issue 40), through the real API on both engines: a 2 v 2 Public Forum
 * round opened by `openSeatedRound`, whose every speech only its speaker starts and ends, each crossfire only its
 * participants, the grand crossfire any of the four; a partner offers no point of information to their own side and
 * never answers one for the speaker (NPDA); the snapshot seats all four; any member of a side resigns it; every member
 * of a live round is watched for forfeits, and a side forfeits only when all its members are away.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS, speechesOf, type TDebate, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from './round-seating';
import * as pois from './pois.service';
import * as debates from './debates.service';
import { absenceOutcome } from './round-presence';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a round of teams by speaker position on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  /** A 2 v 2 round: side a's two, then side b's two, in the format's positions. */
  async function openTeams(formatId: 'pf' | 'parli') {
    const people: TCookieUser[] = [];
    for (let i = 0; i < 4; i++) people.push(await buildUser(t));
    const [a1, a2, b1, b2] = people as [TCookieUser, TCookieUser, TCookieUser, TCookieUser];
    const positions = FORMATS[formatId].sideList.map((side) => side.positions.map((p) => p.id));
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId,
        resolution: 'Partners practise together.',
        topicId: null,
        debaters: [
          { userId: a1.user.id, side: 'a', position: positions[0]![0]! },
          { userId: a2.user.id, side: 'a', position: positions[0]![1]! },
          { userId: b1.user.id, side: 'b', position: positions[1]![0]! },
          { userId: b2.user.id, side: 'b', position: positions[1]![1]! },
        ],
      },
    );
    return { id, a1, a2, b1, b2 };
  }
  const clock = (who: TCookieUser, id: number, action: string) =>
    call(who, 'POST', `/api/debates/${id}/clock`, { action });

  it('seats all four in the snapshot, each with their side and position', async () => {
    const { id, a1, a2, b1, b2 } = await openTeams('pf');
    const { debate } = (await call(b2, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    expect(debate.seats.map((s) => [s.userId, s.side, s.position])).toEqual([
      [a1.user.id, 'a', 'first'],
      [a2.user.id, 'a', 'second'],
      [b1.user.id, 'b', 'first'],
      [b2.user.id, 'b', 'second'],
    ]);
    expect(debate.seats.every((s) => s.displayName.length > 0 && s.rating.games === 0)).toBe(true);
    expect(debate.debaters.a.userId).toBe(a1.user.id);
    expect(debate.debaters.b.userId).toBe(b1.user.id);
  });

  it('lets only the right position start and end each speech, and every participant run a crossfire', async () => {
    const { id, a1, a2, b1, b2 } = await openTeams('pf');
    const all = { 'a:first': a1, 'a:second': a2, 'b:first': b1, 'b:second': b2 };
    const expected = [
      ['a:first'],
      ['b:first'],
      ['a:first', 'b:first'],
      ['a:second'],
      ['b:second'],
      ['a:second', 'b:second'],
      ['a:first'],
      ['b:first'],
      ['a:first', 'a:second', 'b:first', 'b:second'],
      ['a:second'],
      ['b:second'],
    ];
    expect(speechesOf('pf', 'a')).toHaveLength(expected.length);
    for (const [index, runners] of expected.entries()) {
      const wrong = Object.entries(all).filter(([key]) => !runners.includes(key));
      for (const [, who] of wrong) {
        const refused = await clock(who, id, 'start_speech');
        expect(refused.statusCode, `speech ${index}`).toBe(403);
        expect(refused.json().error.reason).toBe('clock_turn');
      }
      // The last of the runners starts it, the first ends it (a crossfire is shared by its participants).
      const starter = all[runners.at(-1) as keyof typeof all];
      const ender = all[runners[0] as keyof typeof all];
      expect((await clock(starter, id, 'start_speech')).statusCode, `speech ${index}`).toBe(200);
      for (const [, who] of wrong) expect((await clock(who, id, 'end_speech')).statusCode).toBe(403);
      expect((await clock(ender, id, 'end_speech')).statusCode, `speech ${index}`).toBe(200);
    }
    const { debate } = (await call(a1, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    expect(debate.clock.phase).toBe('finished');
    expect(debate.status).toBe('completed');
  });

  it('refuses a partner’s speech with who gives it, and changes nothing', async () => {
    const { id, a2 } = await openTeams('pf');
    const refused = await clock(a2, id, 'start_speech');
    expect(refused.json().error.message).toBe('Only the Pro first speaker runs this speech.');
    const { debate } = (await call(a2, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    expect(debate.clock.phase).toBe('idle');
    expect(debate.clockVersion).toBe(0);
  });

  it('takes points of information from any member of the other side, answered by the speaker only', async () => {
    const { id, a1, a2, b1, b2 } = await openTeams('parli');
    const startedAt = Date.now();
    expect((await clock(a2, id, 'start_speech')).statusCode).toBe(403);
    expect((await clock(a1, id, 'start_speech')).statusCode).toBe(200);
    const at = (seconds: number) => ({
      database: t.database,
      events: t.app.context.events,
      now: () => startedAt + seconds * 1000,
    });
    // The speaker's partner offers no point to their own side.
    await expect(pois.offerPoi(at(90), a2.user, id, 'poi')).rejects.toThrow('Only the other side offers a point.');
    const offered = await pois.offerPoi(at(90), b2.user, id, 'poi');
    expect(offered.offeredBy).toBe(b2.user.id);
    // Nobody but the speaker answers it: not their partner, not the other side.
    await expect(pois.answerPoi(at(92), a2.user, id, offered.id, true)).rejects.toThrow('Only the speaker');
    await expect(pois.answerPoi(at(92), b1.user, id, offered.id, true)).rejects.toThrow('Only the speaker');
    expect((await pois.answerPoi(at(93), a1.user, id, offered.id, false)).status).toBe('declined');
    const second = await pois.offerPoi(at(120), b1.user, id, 'poi');
    expect((await pois.answerPoi(at(121), a1.user, id, second.id, true)).status).toBe('accepted');
  });

  it('watches every member for forfeits, and one member resigning resigns the side', async () => {
    const { id, a1, a2, b1, b2 } = await openTeams('pf');
    const watched = (await debates.listLiveDebaters({ database: t.database, events: t.app.context.events }))
      .filter((d) => d.debateId === id)
      .map((d) => d.userId);
    expect(watched.sort()).toEqual([a1, a2, b1, b2].map((p) => p.user.id).sort());
    const resigned = await call(b2, 'POST', `/api/debates/${id}/forfeit`);
    expect(resigned.statusCode).toBe(200);
    const debate = resigned.json().debate as TDebate;
    expect(debate.status).toBe('forfeited');
    expect(debate.winnerSide).toBe('a');
    expect(debate.forfeitedBy).toBe(b2.user.id);
  });

  it('lists the round in a partner’s "Download my data" with their side and position', async () => {
    const { id, a2 } = await openTeams('pf');
    const exported = (await call(a2, 'GET', '/api/users/me/export')).json() as {
      rounds: { id: number; seat: string; position: string | null }[];
    };
    expect(exported.rounds.find((r) => r.id === id)).toMatchObject({ seat: 'a', position: 'second' });
  });

  it('lets a side forfeit by absence only when every member is away', () => {
    const role = { partnerIds: ['a2'], opponentIds: ['b1', 'b2'] };
    const inRoom =
      (...ids: string[]) =>
      (id: string) =>
        ids.includes(id);
    expect(absenceOutcome(role, inRoom('a2', 'b1'))).toBe('none');
    expect(absenceOutcome(role, inRoom('b2'))).toBe('forfeit');
    expect(absenceOutcome(role, inRoom())).toBe('abandon');
    expect(absenceOutcome({ partnerIds: [], opponentIds: ['b1'] }, inRoom('b1'))).toBe('forfeit');
  });
});
