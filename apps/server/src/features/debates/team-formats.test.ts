/**
 * Policy and World Schools rounds on both engines (issue 40): a 2 v 2 Policy round and a 3 v 3 World Schools round
 * opened by `openSeatedRound` run their schedules on the server's clock, Policy's prep is a pool per team, a World
 * Schools speech takes points of information from the other side between its first and last minute, and the third
 * speaker's reply is refused. One debater a side never debates them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayAt, FORMATS, takersOf, type TClockAction, type TDebate, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from './round-seating';
import * as debates from './debates.service';
import * as pois from './pois.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('Policy and World Schools rounds on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const start = Date.parse('2026-03-02T15:00:00.000Z');
  const at = (seconds: number) => ({
    database: t.database,
    events: t.app.context.events,
    now: () => start + seconds * 1000,
  });

  /** Opens a round of `formatId` seating one new debater in every position; returns its id and who sits where. */
  async function openRound(formatId: 'policy' | 'ws') {
    const seats = new Map<string, TCookieUser>();
    for (const side of FORMATS[formatId].sideList) {
      for (const position of side.positions) seats.set(`${side.key}:${position.id}`, await buildUser(t));
    }
    const debaters = [...seats].map(([key, person]) => {
      const [side, position] = key.split(':');
      return { userId: person.user.id, side, position };
    });
    const id = await openSeatedRound(
      { database: t.database },
      { kind: 'challenge', formatId, resolution: 'This house would debate in teams.', topicId: null, debaters },
    );
    return { id, seat: (key: string) => seats.get(key)! };
  }
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
  const command = (seconds: number, who: TCookieUser, id: number, action: TClockAction) =>
    debates.commandClock(at(seconds), who.user, id, action);

  it('runs a Policy round’s schedule with its cross-examiners, and 8 minutes of prep per team', async () => {
    const { id, seat } = await openRound('policy');
    const opened = await debateOf(seat('a:2a'), id);
    expect(opened.formatId).toBe('policy');
    expect(opened.clock.prepRemainingMs).toEqual({ a: 8 * 60_000, b: 8 * 60_000 });
    const shown: string[] = [];
    let now = 0;
    for (const speech of FORMATS.policy.speeches) {
      // The first taker: the speaker, or in a CX its cross-examiner (the 2N questions the 1A, and so on).
      const [runner] = takersOf(speech);
      const who = seat(`${runner!.side}:${runner!.position}`);
      if (speech.id === '1nc') {
        // The 2A takes two minutes of the affirmative's prep before the 1NC; the negative's pool is untouched.
        await command(now, seat('a:2a'), id, 'start_prep');
        now += 120;
        await command(now, seat('a:2a'), id, 'end_prep');
      }
      const started = await command(now, who, id, 'start_speech');
      const display = displayAt(started.clock, start + now * 1000);
      shown.push(`${display.speech!.short} ${display.durationMs / 60_000} ${runner!.position}`);
      now += speech.minutes * 60;
      await command(now, who, id, 'end_speech');
      now += 1;
    }
    expect(shown).toEqual([
      '1AC 8 1a',
      'CX 3 2n',
      '1NC 8 1n',
      'CX 3 1a',
      '2AC 8 2a',
      'CX 3 1n',
      '2NC 8 2n',
      'CX 3 2a',
      '1NR 5 1n',
      '1AR 5 1a',
      '2NR 5 2n',
      '2AR 5 2a',
    ]);
    const finished = await debateOf(seat('b:1n'), id);
    expect(finished.clock.phase).toBe('finished');
    expect(finished.clock.prepRemainingMs).toEqual({ a: 6 * 60_000, b: 8 * 60_000 });
    expect(finished.status).toBe('completed');
  });

  it('runs a World Schools round: POIs from the other side, and the reply refused to the third speaker', async () => {
    const { id, seat } = await openRound('ws');
    expect((await debateOf(seat('b:third'), id)).clock.prepRemainingMs).toEqual({ a: 30 * 60_000, b: 30 * 60_000 });
    const shown: string[] = [];
    let now = 0;
    for (const speech of FORMATS.ws.speeches.slice(0, 6)) {
      const [speaker] = takersOf(speech);
      const who = seat(`${speaker!.side}:${speaker!.position}`);
      const started = await command(now, who, id, 'start_speech');
      shown.push(`${displayAt(started.clock, start + now * 1000).speech!.short} ${speech.minutes}`);
      if (speech.id === 'prop-first') {
        // The Opposition offers a point: refused in the protected first minute, taken after it. (By its first speaker:
        // points by position, from any member of the other side, are the debates feature's part of issue 40.)
        await expect(pois.offerPoi(at(now + 30), seat('b:first').user, id, 'poi')).rejects.toThrow(
          'Protected time: points of information are not allowed now.',
        );
        const offered = await pois.offerPoi(at(now + 90), seat('b:first').user, id, 'poi');
        expect(offered).toMatchObject({ status: 'offered', offeredBy: seat('b:first').user.id, speechIndex: 0 });
      }
      now += speech.minutes * 60;
      await command(now, who, id, 'end_speech');
      now += 1;
    }
    expect(shown).toEqual(['1st Prop 8', '1st Opp 8', '2nd Prop 8', '2nd Opp 8', '3rd Prop 8', '3rd Opp 8']);

    const refusal = 'The reply is given by the first speaker or second speaker, never the third speaker.';
    await expect(command(now, seat('b:third'), id, 'start_speech')).rejects.toThrow(refusal);
    const refused = await call(seat('b:third'), 'POST', `/api/debates/${id}/clock`, { action: 'start_speech' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(refusal);
    expect((await debateOf(seat('b:third'), id)).clock).toMatchObject({ phase: 'idle', speechIndex: 6 });

    const oppReply = await command(now, seat('b:second'), id, 'start_speech');
    expect(displayAt(oppReply.clock, start + now * 1000)).toMatchObject({ durationMs: 4 * 60_000, poi: undefined });
    now += 240;
    await command(now, seat('b:second'), id, 'end_speech');
    await expect(command(now + 1, seat('a:third'), id, 'start_speech')).rejects.toThrow(refusal);
    await command(now + 1, seat('a:first'), id, 'start_speech');
    await command(now + 241, seat('a:first'), id, 'end_speech');
    expect((await debateOf(seat('a:first'), id)).clock.phase).toBe('finished');
  });

  it('refuses Policy and World Schools to the one-on-one queue and to a challenge, and writes nothing', async () => {
    const debater = await buildUser(t);
    const queued = await call(debater, 'POST', '/api/debates/queue', { formatId: 'policy' });
    expect(queued.statusCode).toBe(400);
    expect(queued.json().error.message).toContain('Policy is debated in teams of two: it has no one-on-one rounds.');
    const challenged = await call(debater, 'POST', '/api/debates/challenges', { formatId: 'ws' });
    expect(challenged.statusCode).toBe(400);
    expect(challenged.json().error.message).toContain(
      'World Schools is debated in teams of three: it has no one-on-one rounds.',
    );
    expect((await call(debater, 'GET', '/api/debates/queue')).json().queue.waiting).toBeNull();
  });
});
