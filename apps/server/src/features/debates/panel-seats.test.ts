/**
 * A panel's second and third judges take part in the round as its chair does, through the real HTTP and socket
 * servers on both engines: they join the round's room as judges, are in the call (the debaters' signals reach them),
 * write in the round chat, share and see its evidence, keep a flow, play its recordings, are told when a block ends
 * it, may be reported from it, and count as busy while it is live; once it is decided it is in their judging history,
 * their profile's judged rounds and their own data. An outsider is still refused each of these.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TDebateJoined, TSessionUser, TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { debatesDb, findActiveUserIds } from './rounds.service';

type TWho = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a panel’s judges in the round on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  const call = (who: TWho, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function client(who: TWho) {
    const socket = await connectClient(baseUrl, who.cookie);
    sockets.push(socket);
    return socket;
  }

  /** A two-entrant LD tournament with panels of three, round 1 released: its one room, debaters and panel. */
  async function panelRound() {
    const admin = await buildUser(t, { role: 'admin' });
    const debaters = [await buildUser(t), await buildUser(t)];
    const judges = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Panelled open',
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      prelimJudgesPerRoom: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    for (const who of debaters) {
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
    }
    for (const judge of judges) {
      const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const debateId = (released.json().round as TTournamentRound).pairings[0]!.debateId!;
    const debate = (await call(admin, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    const seatOf = (id: string) => [...debaters, ...judges].find((w) => w.user.id === id)!;
    const [chair, second, third] = debate.panel!.judges.map((j) => seatOf(j.userId)) as [TWho, TWho, TWho];
    expect(debate.judge?.userId).toBe(chair.user.id);
    return {
      admin,
      tournamentId: tournament.id,
      pairingId: (released.json().round as TTournamentRound).pairings[0]!.id,
      debateId,
      a: seatOf(debate.debaters.a.userId),
      b: seatOf(debate.debaters.b.userId),
      chair,
      second,
      third,
      outsider: await buildUser(t),
    };
  }

  it('lets a second panel judge join as a judge and be in the call; an outsider gets none of it', async () => {
    const { debateId, a, b, chair, second, outsider } = await panelRound();
    const [aSocket, bSocket, secondSocket] = [await client(a), await client(b), await client(second)];
    for (const socket of [aSocket, bSocket]) expect((await ask(socket, 'debate.join', { debateId })).ok).toBe(true);
    const joined = await ask<TDebateJoined>(secondSocket, 'debate.join', { debateId });
    if (!joined.ok) throw new Error('the panel judge could not join');
    // Seated, not a spectator: in the present list, and given the call's ICE servers as the chair is.
    expect(joined.data.presence.presentUserIds).toContain(second.user.id);
    expect(joined.data.presence.spectators.map((s) => s.userId)).not.toContain(second.user.id);
    // Their first arrival is kept in their seat (a tournament's grace period reads it); the chair has not come yet.
    const arrivals = await t.database.db
      .selectFrom('debatePanelJudges')
      .select(['userId', 'joinedAt'])
      .where('debateId', '=', debateId)
      .execute();
    const arrived = arrivals.filter((s) => s.joinedAt !== null).map((s) => s.userId);
    expect(arrived).toEqual([second.user.id]);

    // A debater's hello reaches the round, their offer reaches the second judge, and the judge answers a debater.
    const hello = nextEvent(secondSocket, 'debate.signal_received');
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({ ok: true });
    expect(await hello).toEqual({ debateId, fromUserId: a.user.id, signal: { type: 'hello' } });
    const offer = { type: 'offer', sdp: 'v=0 offer' };
    const offered = nextEvent(secondSocket, 'debate.signal_received');
    expect(await ask(bSocket, 'debate.signal', { debateId, toUserId: second.user.id, signal: offer })).toMatchObject({
      ok: true,
    });
    expect(await offered).toEqual({ debateId, fromUserId: b.user.id, signal: offer });
    const answer = { type: 'answer', sdp: 'v=0 answer' };
    const answered = nextEvent(bSocket, 'debate.signal_received');
    expect(await ask(secondSocket, 'debate.signal', { debateId, toUserId: b.user.id, signal: answer })).toMatchObject({
      ok: true,
    });
    expect(await answered).toEqual({ debateId, fromUserId: second.user.id, signal: answer });

    // An outsider who has not joined the room signals nobody, the panel judge included.
    const outsiderSocket = await client(outsider);
    const refused = await ask(outsiderSocket, 'debate.signal', { debateId, toUserId: second.user.id, signal: offer });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    // While the round is live its panel judges are busy (the chair as well); the outsider is not.
    const busy = await findActiveUserIds(debatesDb(t.database.db), [chair.user.id, second.user.id, outsider.user.id]);
    expect([...busy].sort()).toEqual([chair.user.id, second.user.id].sort());
  });

  it('lets the second and third judges write in the round chat, see its evidence and keep a flow', async () => {
    const { debateId, a, second, third, outsider } = await panelRound();
    const shared = await call(a, 'POST', `/api/debates/${debateId}/evidence/notes`, {
      kind: 'text',
      text: 'Card: the framework',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    for (const judge of [second, third]) {
      const posted = await call(judge, 'POST', `/api/debates/${debateId}/messages`, { text: 'Judge here.' });
      expect(posted.statusCode, posted.body).toBe(201);
      const evidence = await call(judge, 'GET', `/api/debates/${debateId}/evidence`);
      expect(evidence.statusCode, evidence.body).toBe(200);
      expect(JSON.stringify(evidence.json())).toContain('Card: the framework');
      const flow = await call(judge, 'GET', `/api/debates/${debateId}/flow`);
      expect(flow.statusCode, flow.body).toBe(200);
      const link = await call(judge, 'GET', `/api/debates/${debateId}/meeting-link`);
      expect(link.statusCode, link.body).toBe(200);
    }
    const messages = (await call(outsider, 'GET', `/api/debates/${debateId}`)).statusCode;
    expect(messages).toBe(200);

    const chat = await call(outsider, 'POST', `/api/debates/${debateId}/messages`, { text: 'Me too.' });
    expect(chat.statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/debates/${debateId}/evidence`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/debates/${debateId}/flow`)).statusCode).toBe(403);
  });

  it('lets the second and third judges share evidence and play the recordings, and tells them of a deletion', async () => {
    const { debateId, a, second, third, outsider } = await panelRound();
    for (const judge of [second, third]) {
      const shared = await call(judge, 'POST', `/api/debates/${debateId}/evidence/notes`, {
        kind: 'text',
        text: `Card from ${judge.user.displayName}`,
      });
      expect(shared.statusCode, shared.body).toBe(201);
      const recordings = await call(judge, 'GET', `/api/debates/${debateId}/recordings`);
      expect(recordings.statusCode, recordings.body).toBe(200);
    }
    const refused = await call(outsider, 'POST', `/api/debates/${debateId}/evidence/notes`, {
      kind: 'text',
      text: 'X',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/debates/${debateId}/recordings`)).statusCode).toBe(403);

    // A debater deletes the round's recordings: each judge who may play them hears of it in their own room.
    const thirdSocket = await client(third);
    const told = nextEvent(thirdSocket, 'debate.recordings_deleted');
    expect((await call(a, 'DELETE', `/api/debates/${debateId}/recordings`)).statusCode).toBe(200);
    expect(await told).toEqual({ debateId });
  });

  it('lets a debater report a panel judge from the round, naming every judge in the case', async () => {
    const { debateId, a, chair, second, third } = await panelRound();
    const filed = await call(a, 'POST', '/api/reports', {
      target: 'round',
      targetId: debateId,
      userId: third.user.id,
      reason: 'other',
      details: 'Rude in the round chat.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const moderator = await buildUser(t, { role: 'moderator' });
    const { caseId } = filed.json<{ caseId: number }>();
    const detail = await call(moderator, 'GET', `/api/moderation/cases/${caseId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const participants = (
      detail.json().case.reportList[0].context.round.participants as { userId: string; role: string }[]
    ).filter((p) => p.role === 'judge');
    expect(participants.map((p) => p.userId)).toEqual([chair.user.id, second.user.id, third.user.id]);
  });

  it('puts a decided round in the second and third judges’ history, profile and own data', async () => {
    const { debateId, a, b, chair, second, third, outsider } = await panelRound();
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString(), spokenMs: 60 * 60_000 })
      .where('id', '=', debateId)
      .execute();
    const ballot = (winnerSide: 'a' | 'b') => ({ winnerSide, speakerPoints: { a: 28, b: 27 }, reason: 'Clearer.' });
    for (const [judge, side] of [
      [chair, 'a'],
      [second, 'b'],
      [third, 'a'],
    ] as const) {
      const sent = await call(judge, 'POST', `/api/debates/${debateId}/ballots`, ballot(side));
      expect(sent.statusCode, sent.body).toBe(201);
    }
    // The debaters keep the replay to the round's people: the panel's judges are among them.
    expect((await call(a, 'PUT', `/api/debates/${debateId}/replay-privacy`, { isPrivate: true })).statusCode).toBe(200);

    for (const judge of [chair, second, third]) {
      const history = (await call(judge, 'GET', '/api/debates/history')).json() as { judged: { id: number }[] };
      expect(history.judged.map((r) => r.id)).toEqual([debateId]);
      const profile = await call(judge, 'GET', `/api/users/${judge.user.id}/judged-debates`);
      expect(profile.statusCode, profile.body).toBe(200);
      expect((profile.json().rounds as { id: number }[]).map((r) => r.id)).toEqual([debateId]);
      // A debater's profile lists the private round to its judges, not to an outsider.
      const debated = (await call(judge, 'GET', `/api/users/${b.user.id}/debates`)).json().rounds as { id: number }[];
      expect(debated.map((r) => r.id)).toEqual([debateId]);
    }
    const hidden = (await call(outsider, 'GET', `/api/users/${second.user.id}/judged-debates`)).json();
    expect(hidden.rounds).toEqual([]);

    const exported = await call(second, 'GET', '/api/users/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const data = JSON.parse(exported.body) as {
      rounds: { id: number; seat: string }[];
      ballots: { debateId: number; role: string; winnerSide: string }[];
    };
    expect(data.rounds.map((r) => [r.id, r.seat])).toEqual([[debateId, 'judge']]);
    // Their own ballot (the dissent) is theirs; the panel's decision is not a ballot they wrote.
    expect(data.ballots.map((x) => [x.debateId, x.role, x.winnerSide])).toEqual([[debateId, 'wrote', 'b']]);
    const debaterData = JSON.parse((await call(a, 'GET', '/api/users/me/export')).body) as typeof data;
    expect(debaterData.ballots.map((x) => [x.debateId, x.role, x.winnerSide])).toEqual([[debateId, 'received', 'a']]);
  });

  it('lets a host replace a panel’s chair, the new chair taking seat 1 and its ballot, but not remove it', async () => {
    const { admin, tournamentId, pairingId, debateId, chair, second, third } = await panelRound();
    const fourth = await buildUser(t);
    const pooled = await call(admin, 'POST', `/api/tournaments/${tournamentId}/judges`, { userId: fourth.user.id });
    expect(pooled.statusCode, pooled.body).toBe(201);
    const url = `/api/tournaments/${tournamentId}/pairings/${pairingId}`;
    const removed = await call(admin, 'PATCH', url, { judgeId: null });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().error.message).toBe('A panel’s chair can be replaced by another judge, not removed.');

    const changed = await call(admin, 'PATCH', url, { judgeId: fourth.user.id });
    expect(changed.statusCode, changed.body).toBe(200);
    const debate = (await call(admin, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect(debate.judge?.userId).toBe(fourth.user.id);
    expect(debate.panel!.judges.map((j) => j.userId)).toEqual([fourth.user.id, second.user.id, third.user.id]);

    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString(), spokenMs: 60 * 60_000 })
      .where('id', '=', debateId)
      .execute();
    const ballot = { winnerSide: 'a', speakerPoints: { a: 28, b: 27 }, reason: 'Clearer.' };
    const old = await call(chair, 'POST', `/api/debates/${debateId}/ballots`, ballot);
    expect(old.statusCode).toBe(403);
    const fresh = await call(fourth, 'POST', `/api/debates/${debateId}/ballots`, ballot);
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('keeps a block between a debater and a panel judge out of the round chat', async () => {
    const { debateId, a, second, third } = await panelRound();
    // Every judge of the panel is told the round ended early, on whatever page they are.
    const thirdSocket = await client(third);
    const ended = nextEvent(thirdSocket, 'debate.ended_early');
    // A block made after the draw ends the round: the panel judge sits in it as the chair does.
    const blocked = await call(a, 'PUT', `/api/blocks/${second.user.id}`);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const after = (await call(a, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect(after.status).not.toBe('live');
    const chat = await call(second, 'POST', `/api/debates/${debateId}/messages`, { text: 'Still here?' });
    expect(chat.statusCode).toBe(409);
    expect(await ended).toEqual({ debateId });
  });
});
