/**
 * A British Parliamentary room (issue 41) through the real API on both engines: four teams of two seated by
 * `openBpRoom` (places and speaking order drawn from a seed), every seat rule read over all eight and the judge, the
 * speeches run by their own speaker in BP's order, points of information from the other bench only and outside
 * protected time, and each of the four teams conferring alone (partner chat, team flow, the prep huddle's audio).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawBpSeats, type TDebate, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { audienceOf } from '../sfu/sfu-audience';
import { openBpRoom } from './bp-room';
import { listPartnerMessages, postPartnerMessage } from './partner-chat.service';
import { requireDebate } from './round-row';
import * as pois from './pois.service';

type TCookieUser = { user: TSessionUser; cookie: string };

function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

const SEED = 'bp-room-test';

describe.each(TEST_ENGINES)('a British Parliamentary room on %s', (engine) => {
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
  const pairs = (eight: TCookieUser[]) => [0, 2, 4, 6].map((i) => [eight[i]!.user.id, eight[i + 1]!.user.id]);
  const open = (eight: TCookieUser[], judge?: TCookieUser) =>
    openBpRoom(
      { database: t.database },
      {
        kind: 'matchmade',
        teams: pairs(eight),
        resolution: 'This house would debate in fours.',
        topicId: null,
        judgeId: judge?.user.id ?? null,
        seed: SEED,
      },
    );
  /** Who sits in each position of the room opened from `eight` with the test's seed. */
  const byPosition = (eight: TCookieUser[]) => {
    const seats = drawBpSeats(pairs(eight), SEED);
    return Object.fromEntries(seats.map((s) => [s.position, eight.find((p) => p.user.id === s.userId)!])) as Record<
      'pm' | 'dpm' | 'lo' | 'dlo' | 'mg' | 'gw' | 'mo' | 'ow',
      TCookieUser
    >;
  };
  const refusalOf = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: { code: string; reason?: string; message: string }) => ({
        code: error.code,
        reason: error.reason,
        message: error.message,
      }),
    );
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('debateSeats')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
  const clock = (who: TCookieUser, id: number, action: string) =>
    call(who, 'POST', `/api/debates/${id}/clock`, { action });

  it('seats eight in their drawn positions on two benches, with fifteen minutes of prep before the first speech', async () => {
    const eight = await people(8);
    const judge = (await people(1))[0]!;
    const id = await open(eight, judge);
    const debate = await debateOf(judge, id);
    expect(debate.formatId).toBe('bp');
    const at = byPosition(eight);
    expect(debate.seats.map((s) => [s.side, s.position, s.userId])).toEqual([
      ['a', 'pm', at.pm.user.id],
      ['a', 'dpm', at.dpm.user.id],
      ['a', 'mg', at.mg.user.id],
      ['a', 'gw', at.gw.user.id],
      ['b', 'lo', at.lo.user.id],
      ['b', 'dlo', at.dlo.user.id],
      ['b', 'mo', at.mo.user.id],
      ['b', 'ow', at.ow.user.id],
    ]);
    expect(debate.clock.prepRemainingMs).toEqual({ a: 15 * 60_000, b: 15 * 60_000 });
    // Every one of the eight is in a debate now: none may be seated in another round.
    const others = await people(7);
    const busy = await refusalOf(open([at.ow, ...others]));
    expect(busy).toMatchObject({ code: 'conflict' });
    expect(busy!.message).toContain(at.ow.user.displayName);
  });

  it('refuses what is not four teams of two, a block between any two of the eight or with the judge, writing nothing', async () => {
    const eight = await people(8);
    const judge = (await people(1))[0]!;
    const three = await refusalOf(
      openBpRoom(
        { database: t.database },
        { kind: 'matchmade', teams: pairs(eight).slice(0, 3), resolution: 'R', topicId: null },
      ),
    );
    expect(three).toMatchObject({
      code: 'validation_failed',
      message: 'A British Parliamentary room seats exactly four teams.',
    });
    // The last two debaters, on different teams and perhaps different benches.
    expect((await call(eight[7]!, 'PUT', `/api/blocks/${eight[1]!.user.id}`)).statusCode).toBe(200);
    expect(await refusalOf(open(eight))).toMatchObject({ code: 'conflict', reason: 'blocked' });
    const fresh = await people(8);
    expect((await call(judge, 'PUT', `/api/blocks/${fresh[5]!.user.id}`)).statusCode).toBe(200);
    expect(await refusalOf(open(fresh, judge))).toMatchObject({ code: 'conflict', reason: 'blocked' });
    const suspended = await people(8);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ suspendedUntil: until })
      .where('id', '=', suspended[6]!.user.id)
      .execute();
    expect(await refusalOf(open(suspended))).toMatchObject({ code: 'conflict', reason: 'seat_unavailable' });
    expect(await count()).toBe(0);
  });

  it('keeps seven minors from an adult stranger in the eighth seat', async () => {
    const minors = await people(7, bornYearsAgo(15));
    const grown = await buildUser(t, { birthMonth: bornYearsAgo(30) });
    expect(await refusalOf(open([...minors, grown]))).toMatchObject({ reason: 'age_band_pair' });
    expect(await count()).toBe(0);
  });

  it('lets spectators watch and the round be recorded only once all eight agree', async () => {
    const eight = await people(8);
    const watcher = (await people(1))[0]!;
    const id = await open(eight);
    for (const who of eight.slice(0, 7)) {
      expect((await call(who, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true })).statusCode).toBe(200);
    }
    const start = () => call(eight[0]!, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' });
    expect((await start()).json().error.reason).toBe('no_recording_consent');
    await call(eight[7]!, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    expect((await start()).statusCode).toBe(201);
    // Adults' rounds are open to spectators until any of the eight turns it off.
    expect((await debateOf(watcher, id)).spectatorWatch.isAllowed).toBe(true);
    expect((await call(eight[6]!, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: false })).statusCode).toBe(200);
    expect((await debateOf(watcher, id)).spectatorWatch.isAllowed).toBe(false);
  });

  it('runs the eight speeches in BP order, each only by its speaker, with points from the other bench only', async () => {
    const eight = await people(8);
    const id = await open(eight);
    const at = byPosition(eight);
    const order = ['pm', 'lo', 'dpm', 'dlo', 'mg', 'mo', 'gw', 'ow'] as const;
    for (const [index, position] of order.entries()) {
      const speaker = at[position];
      // The speaker's own partner (and everyone else) may not start it.
      for (const other of order.filter((p) => p !== position)) {
        const refused = await clock(at[other], id, 'start_speech');
        expect(refused.statusCode, `${position} by ${other}`).toBe(403);
        if (position === 'mg' && other === 'pm') {
          expect(refused.json().error.message).toBe(
            'Only the Member of the Government (Closing Government) runs this speech.',
          );
        }
      }
      const startedAt = Date.now();
      expect((await clock(speaker, id, 'start_speech')).statusCode, position).toBe(200);
      if (position === 'mg') {
        const when = (seconds: number) => ({
          database: t.database,
          events: t.app.context.events,
          now: () => startedAt + seconds * 1000,
        });
        // Opening Government shares the bench: no point to the Closing Government.
        await expect(pois.offerPoi(when(90), at.pm.user, id, 'poi')).rejects.toThrow(
          'Only the other side offers a point.',
        );
        // The protected first minute.
        await expect(pois.offerPoi(when(30), at.lo.user, id, 'poi')).rejects.toThrow('Protected time');
        const offered = await pois.offerPoi(when(90), at.lo.user, id, 'poi');
        await expect(pois.answerPoi(when(92), at.gw.user, id, offered.id, true)).rejects.toThrow('Only the speaker');
        expect((await pois.answerPoi(when(93), at.mg.user, id, offered.id, true)).status).toBe('accepted');
      }
      expect((await clock(speaker, id, 'end_speech')).statusCode, `${index}`).toBe(200);
    }
    const debate = await debateOf(at.pm, id);
    expect(debate.clock.phase).toBe('finished');
  });

  it('lets each of the four teams confer alone: its partner chat, its team flow, its prep huddle', async () => {
    const eight = await people(8);
    const id = await open(eight);
    const at = byPosition(eight);
    const deps = { database: t.database, events: t.app.context.events };
    await postPartnerMessage(deps, at.pm.user, id, { text: 'Define it narrowly.' });
    await postPartnerMessage(deps, at.mg.user, id, { text: 'Extension: enforcement.' });
    const row = await requireDebate(deps, id);
    const chatOf = async (who: TCookieUser) =>
      ((await listPartnerMessages(deps, row, who.user.id)) ?? []).map((m) => m.text);
    expect(await chatOf(at.dpm)).toEqual(['Define it narrowly.']);
    expect(await chatOf(at.gw)).toEqual(['Extension: enforcement.']);
    expect(await chatOf(at.lo)).toEqual([]);
    const write = (who: TCookieUser, text: string) =>
      call(who, 'PATCH', `/api/debates/${id}/team-flow`, { cells: [{ column: 0, row: 0, text, isExtension: false }] });
    expect((await write(at.pm, 'OG: definition')).statusCode).toBe(200);
    expect((await write(at.gw, 'CG: extension')).statusCode).toBe(200);
    const flowOf = async (who: TCookieUser) =>
      (await call(who, 'GET', `/api/debates/${id}/team-flow`)).json().flow as {
        side: string;
        columns: { text: string }[][];
      };
    const [og, cg, co] = [await flowOf(at.dpm), await flowOf(at.mg), await flowOf(at.ow)];
    expect([og.side, og.columns[0]![0]!.text]).toEqual(['og', 'OG: definition']);
    expect([cg.side, cg.columns[0]![0]!.text]).toEqual(['cg', 'CG: extension']);
    expect([co.side, co.columns[0]![0]!.text]).toEqual(['co', '']);
    // Prep runs: each debater is heard by their own partner only, not by the other team on their bench.
    expect((await clock(at.pm, id, 'start_prep')).statusCode).toBe(200);
    const audience = (await audienceOf({ database: t.database }, id))!;
    expect(audience.sends(at.pm.user.id, at.dpm.user.id)).toBe(true);
    expect(audience.sends(at.pm.user.id, at.mg.user.id)).toBe(false);
    expect(audience.sends(at.mo.user.id, at.ow.user.id)).toBe(true);
    expect(audience.sends(at.mo.user.id, at.lo.user.id)).toBe(false);
  });
});
