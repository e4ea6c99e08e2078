/**
 * Who a minor meets through the real API on both engines: the queue sweep and challenge links keep
 * minors with minors and adults with adults unless teammates; the judge's seat of a round with a minor (and a coach's
 * pairing's judge); spectators' audio, video and evidence behind both debaters' "let spectators watch"; a minor's
 * profile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, type TTestSocket } from '../chat/chat-test-client';

type TCookieUser = { user: TSessionUser; cookie: string };

/** Months of birth by age now: 15 and 16 are minors, 30 an adult (the birthday is counted at the month's end). */
function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}
const TEEN = bornYearsAgo(15);
const ADULT = bornYearsAgo(30);

describe.each(TEST_ENGINES)('who a minor meets on %s', (engine) => {
  let t: TTestApp;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const queue = (who: TCookieUser, formatId = 'ld') => call(who, 'POST', '/api/debates/queue', { formatId });
  const teen = (displayName?: string) => buildUser(t, { birthMonth: TEEN, ...(displayName ? { displayName } : {}) });
  const adult = (displayName?: string) => buildUser(t, { birthMonth: ADULT, ...(displayName ? { displayName } : {}) });
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;

  async function challenge(from: TCookieUser, to: TCookieUser) {
    const { challenge: made } = (await call(from, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    return call(to, 'POST', `/api/debates/challenges/${made.token}/accept`);
  }

  /** A live LD round between `a` and `b`. */
  async function roundOf(a: TCookieUser, b: TCookieUser): Promise<number> {
    const accepted = await challenge(a, b);
    expect(accepted.statusCode).toBe(200);
    return accepted.json().debateId as number;
  }

  /**
   * A team with `coach` as its coach and `members` joined through its code, each approved by the coach (a team with
   * a minor makes every join wait for approval).
   */
  async function teamOf(coach: TCookieUser, members: TCookieUser[]): Promise<number> {
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Northside', school: 'Northside High' })).json().team;
    for (const m of members) {
      const joined = await call(m, 'POST', `/api/teams/join/${team.joinCode}`);
      expect(joined.statusCode).toBe(200);
      if (!joined.json().isPending) continue;
      const approved = await call(coach, 'POST', `/api/teams/${team.id}/members/${m.user.id}/approve`);
      expect(approved.statusCode).toBe(200);
    }
    return team.id as number;
  }

  it('the queue pairs a 15-year-old with a 15-year-old, never with a 30-year-old stranger', async () => {
    const [teen1, grown, teen2, grown2] = [await teen(), await adult(), await teen(), await adult()];
    expect((await queue(teen1)).json().status).toBe('waiting');
    expect((await queue(grown)).json().status).toBe('waiting');
    const third = await queue(teen2);
    expect(third.json().status).toBe('matched');
    const round = await debateOf(teen2, third.json().debateId);
    expect(new Set([round.debaters.a.userId, round.debaters.b.userId])).toEqual(
      new Set([teen1.user.id, teen2.user.id]),
    );
    expect(round.minors).toEqual({ hasMinor: true, coachIds: [] });
    // The adult waited for an adult, and is paired with the next one.
    const fourth = await queue(grown2);
    expect(fourth.json().status).toBe('matched');
    const other = await debateOf(grown2, fourth.json().debateId);
    expect(new Set([other.debaters.a.userId, other.debaters.b.userId])).toEqual(
      new Set([grown.user.id, grown2.user.id]),
    );
    expect(other.minors.hasMinor).toBe(false);
  });

  it('the queue pairs a minor and an adult who share a team, and refuses an account with no age yet', async () => {
    const [student, coach] = [await teen(), await adult()];
    await teamOf(coach, [student]);
    expect((await queue(student, 'pf')).json().status).toBe('waiting');
    expect((await queue(coach, 'pf')).json().status).toBe('matched');

    const [unknown, grown] = [await buildUser(t, { birthMonth: null }), await adult()];
    // The door asks the month of birth first (item 1); `pairQueue` itself never pairs an account with no band.
    const refused = await queue(unknown, 'parli');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ reason: 'age_required' });
    expect((await queue(grown, 'parli')).json().status).toBe('waiting');
  });

  it('a challenge link across age bands is refused with a clear message, unless the two share a team', async () => {
    const [student, stranger] = [await teen(), await adult()];
    for (const [from, to] of [
      [student, stranger],
      [stranger, student],
    ] as const) {
      const refused = await challenge(from, to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'conflict',
        reason: 'age_band',
        message:
          'You cannot debate this person: students under 18 debate students under 18, and adults debate adults, ' +
          'unless both are on the same team.',
      });
    }
    expect((await challenge(student, await teen())).statusCode).toBe(200);
    const [pupil, coach] = [await teen(), await adult()];
    await teamOf(coach, [pupil]);
    expect((await challenge(coach, pupil)).statusCode).toBe(200);
  });

  it('the judge seat of two 15-year-olds’ round: not a stranger adult, even invited; a minor, a coach, staff, a verified judge', async () => {
    const [a, b] = [await teen('Ana'), await teen('Ben')];
    const coach = await adult('Coach Cy');
    await teamOf(coach, [a]);
    const debateId = await roundOf(a, b);
    expect((await debateOf(a, debateId)).minors).toEqual({ hasMinor: true, coachIds: [coach.user.id] });

    const stranger = await adult();
    const refused = await call(stranger, 'POST', `/api/debates/${debateId}/judge`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      reason: 'minor_round_judge',
      message:
        'A debater in this round is under 18: it is judged by a student under 18, a coach of their team, a ' +
        'moderator or a verified judge.',
    });
    // A debater's invitation does not open the seat to a stranger.
    const { token } = (await call(a, 'POST', `/api/debates/${debateId}/judge-invites`)).json();
    const invited = await call(stranger, 'POST', `/api/debates/${debateId}/judge`, { invite: token });
    expect(invited.json().error).toMatchObject({ reason: 'minor_round_judge' });
    // The coach of a debater's team may, with the invitation as anyone else would need.
    expect((await call(coach, 'POST', `/api/debates/${debateId}/judge`, { invite: token })).statusCode).toBe(200);

    const allowed = [await teen(), await buildUser(t, { role: 'moderator' }), await buildUser(t, { role: 'admin' })];
    const verified = await adult();
    await t.database.db.updateTable('users').set({ isVerifiedJudge: 1 }).where('id', '=', verified.user.id).execute();
    allowed.push(verified);
    for (const judge of allowed) {
      const round = await roundOf(await teen(), await teen());
      const taken = await call(judge, 'POST', `/api/debates/${round}/judge`);
      expect(taken.statusCode, taken.body).toBe(200);
    }
    // A round of adults is open to any adult, as before.
    const adults = await roundOf(await adult(), await adult());
    expect((await call(stranger, 'POST', `/api/debates/${adults}/judge`)).statusCode).toBe(200);
  });

  it('a coach seating a judge who may not judge minors gets a clear conflict naming them', async () => {
    const coach = await adult('Coach Di');
    const [ann, ben] = [await teen('Ann'), await teen('Ben')];
    const helper = await adult('Helper Hal');
    const teamId = await teamOf(coach, [ann, ben, helper]);
    const pair = (judgeUserId: string) =>
      call(coach, 'POST', `/api/teams/${teamId}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id, judgeUserId }],
      });
    const refused = await pair(helper.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      reason: 'minor_round_judge',
      message:
        'Helper Hal cannot judge this round: a debater in it is under 18, so its judge must be a student under 18, ' +
        'a coach of their team, a moderator or a verified judge.',
    });
    expect((await pair(coach.user.id)).statusCode).toBe(201);
  });

  it('spectators of a minor’s round get no audio or video until both debaters let them watch; one turning it off stops it', async () => {
    const [a, b, watcher] = [await teen(), await teen(), await adult()];
    const debateId = await roundOf(a, b);
    expect((await debateOf(watcher, debateId)).spectatorWatch).toEqual({ a: false, b: false, isAllowed: false });
    const baseUrl = await listenOnFreePort(t.app);
    const [spectator, debaterA] = [
      await connectClient(baseUrl, watcher.cookie),
      await connectClient(baseUrl, a.cookie),
    ];
    sockets.push(spectator, debaterA);
    expect((await ask(spectator, 'debate.join', { debateId })).ok).toBe(true);
    expect((await ask(debaterA, 'debate.join', { debateId })).ok).toBe(true);

    const hello = () => ask(spectator, 'debate.signal', { debateId, signal: { type: 'hello' } });
    const offer = () =>
      ask(debaterA, 'debate.signal', { debateId, toUserId: watcher.user.id, signal: { type: 'offer', sdp: 'v=0' } });
    const answer = () =>
      ask(spectator, 'debate.signal', { debateId, toUserId: a.user.id, signal: { type: 'answer', sdp: 'v=0' } });
    for (const attempt of [hello, offer, answer]) {
      expect(await attempt()).toMatchObject({
        ok: false,
        error: { code: 'forbidden', reason: 'spectators_not_watching' },
      });
    }
    // The debaters still reach each other.
    const toB = await ask(debaterA, 'debate.signal', { debateId, toUserId: b.user.id, signal: { type: 'hello' } });
    expect(toB.ok).toBe(true);

    // Only a debater turns it on; one is not enough.
    expect((await call(watcher, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true })).statusCode).toBe(
      403,
    );
    const one = await call(a, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
    // Sides are drawn at random when the challenge is accepted.
    const sideOfA = one.json().debate.debaters.a.userId === a.user.id ? 'a' : 'b';
    expect(one.json().debate.spectatorWatch).toEqual({
      a: sideOfA === 'a',
      b: sideOfA === 'b',
      isAllowed: false,
    });
    expect((await hello()).ok).toBe(false);
    const both = await call(b, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
    expect(both.json().debate.spectatorWatch).toEqual({ a: true, b: true, isAllowed: true });
    for (const attempt of [hello, offer, answer]) expect((await attempt()).ok).toBe(true);

    await call(b, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: false });
    for (const attempt of [hello, offer, answer]) expect((await attempt()).ok).toBe(false);
    // A bad body is a clear 400.
    const bad = await call(a, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('a spectator of two minors’ round receives no signal of the call, room-wide or not, until both allow it', async () => {
    const [a, b, watcher] = [await teen(), await teen(), await adult()];
    const debateId = await roundOf(a, b);
    const baseUrl = await listenOnFreePort(t.app);
    const [spectator, debaterA, debaterB] = [
      await connectClient(baseUrl, watcher.cookie),
      await connectClient(baseUrl, a.cookie),
      await connectClient(baseUrl, b.cookie),
    ];
    sockets.push(spectator, debaterA, debaterB);
    for (const s of [spectator, debaterA, debaterB]) expect((await ask(s, 'debate.join', { debateId })).ok).toBe(true);
    const seen = { spectator: [] as string[], b: [] as string[] };
    spectator.on('debate.signal_received', ({ signal }) => seen.spectator.push(signal.type));
    debaterB.on('debate.signal_received', ({ signal }) => seen.b.push(signal.type));
    const sendAll = async () => {
      expect((await ask(debaterA, 'debate.signal', { debateId, signal: { type: 'hello' } })).ok).toBe(true);
      const media = { type: 'media', camera: true };
      expect((await ask(debaterA, 'debate.signal', { debateId, signal: media })).ok).toBe(true);
      const offer = { type: 'offer', sdp: 'v=0' };
      expect((await ask(debaterA, 'debate.signal', { debateId, toUserId: b.user.id, signal: offer })).ok).toBe(true);
    };
    await sendAll();
    // The other debater hears all three: the spectator, who would otherwise be in the same room, hears none.
    await expect.poll(() => seen.b.length).toBe(3);
    // A round trip through the spectator's own socket: anything relayed to it before has arrived by now.
    expect((await ask(spectator, 'debate.join', { debateId })).ok).toBe(true);
    expect(seen.spectator).toEqual([]);

    for (const who of [a, b]) {
      expect((await call(who, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true })).statusCode).toBe(
        200,
      );
    }
    await sendAll();
    await expect.poll(() => seen.spectator).toEqual(['hello', 'media']);
  });

  it('spectators of a round of adults watch by default, until a debater turns it off', async () => {
    const [a, b, watcher] = [await adult(), await adult(), await adult()];
    const debateId = await roundOf(a, b);
    expect((await debateOf(watcher, debateId)).spectatorWatch).toEqual({ a: true, b: true, isAllowed: true });
    const baseUrl = await listenOnFreePort(t.app);
    const spectator = await connectClient(baseUrl, watcher.cookie);
    sockets.push(spectator);
    expect((await ask(spectator, 'debate.join', { debateId })).ok).toBe(true);
    expect((await ask(spectator, 'debate.signal', { debateId, signal: { type: 'hello' } })).ok).toBe(true);
    await call(a, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: false });
    expect((await ask(spectator, 'debate.signal', { debateId, signal: { type: 'hello' } })).ok).toBe(false);
  });

  it('spectators of a minor’s round see no evidence, even shared, until both debaters let them watch', async () => {
    const [a, b, watcher] = [await teen(), await teen(), await adult()];
    const debateId = await roundOf(a, b);
    const note = await call(a, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'Card 1' });
    expect(note.statusCode).toBe(201);
    expect((await call(a, 'PUT', `/api/debates/${debateId}/evidence/visibility`, { isPublic: true })).statusCode).toBe(
      200,
    );
    const refused = await call(watcher, 'GET', `/api/debates/${debateId}/evidence`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ reason: 'spectators_not_watching' });
    const file = await call(watcher, 'GET', `/api/debates/${debateId}/evidence/${note.json().evidence.id}/file`);
    expect(file.statusCode).toBe(403);
    // The debaters keep seeing it.
    expect((await call(b, 'GET', `/api/debates/${debateId}/evidence`)).statusCode).toBe(200);
    // New evidence goes to the round's people only, not to the room.
    const rooms: string[] = [];
    t.app.context.events.subscribe((e) => {
      if (e.name === 'debate.evidence_added') rooms.push(e.room);
    });
    await call(b, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'Card 2' });
    expect(rooms).not.toContain(`debate:${debateId}`);

    for (const d of [a, b]) await call(d, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
    const seen = await call(watcher, 'GET', `/api/debates/${debateId}/evidence`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().evidence).toHaveLength(2);
    await call(a, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'Card 3' });
    expect(rooms).toContain(`debate:${debateId}`);
  });

  it('a meeting link in a minor’s round reaches the debaters and the judge, not spectators, until both let them watch', async () => {
    const [a, b, watcher] = [await teen(), await teen(), await adult()];
    const debateId = await roundOf(a, b);
    const link = 'https://meet.jit.si/northside-practice';
    const published: TDebate[] = [];
    t.app.context.events.subscribe((e) => {
      if (e.name === 'debate.updated' && e.room === `debate:${debateId}`) published.push(e.payload.debate);
    });
    expect((await call(a, 'PUT', `/api/debates/${debateId}/external-link`, { link })).statusCode).toBe(200);
    // Neither the room's published snapshot nor a spectator's read carries it; it says one is set.
    expect(published.at(-1)).toMatchObject({ externalLink: null, hasMeetingLink: true });
    expect(await debateOf(watcher, debateId)).toMatchObject({ externalLink: null, hasMeetingLink: true });
    const refused = await call(watcher, 'GET', `/api/debates/${debateId}/meeting-link`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ reason: 'spectators_not_watching' });
    for (const d of [a, b]) {
      expect((await call(d, 'GET', `/api/debates/${debateId}/meeting-link`)).json()).toEqual({ link });
    }
    // Once both debaters let spectators watch, the snapshot carries it like any round's.
    for (const d of [a, b]) await call(d, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
    expect(published.at(-1)).toMatchObject({ externalLink: link, hasMeetingLink: true });
    expect((await debateOf(watcher, debateId)).externalLink).toBe(link);
  });

  it('a minor’s profile shows only the name and the record, and only to signed-in people', async () => {
    const student = await teen('Sky');
    const viewer = await adult();
    // A paradigm kept from before (an admin corrected the month of birth) is not shown while they are under 18.
    await t.database.db
      .updateTable('users')
      .set({ paradigm: 'Tabula rasa.' })
      .where('id', '=', student.user.id)
      .execute();
    const shown = await call(viewer, 'GET', `/api/users/${student.user.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().profile).toEqual({
      id: student.user.id,
      displayName: 'Sky',
      isLimited: true,
      score: null,
      rank: null,
      memberSince: null,
      record: { wins: 0, losses: 0, noDecision: 0, averageSpeakerPoints: null },
      ratings: [],
      paradigm: null,
    });
    const visitor = await call(null, 'GET', `/api/users/${student.user.id}`);
    expect(visitor.statusCode).toBe(401);
    expect(JSON.stringify(visitor.json())).not.toContain('Sky');
    // An adult's profile is whole.
    const grown = (await call(viewer, 'GET', `/api/users/${viewer.user.id}`)).json().profile;
    expect(grown).toMatchObject({ isLimited: false, score: 0 });
    expect(grown.memberSince).not.toBeNull();
  });
});
