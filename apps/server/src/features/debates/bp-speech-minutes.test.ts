/**
 * A British Parliamentary room of five-minute speeches (issue 41: "seven or five minutes, a host's or a room's
 * choice") through the real services on both engines: `openBpRoom`'s `speechMinutes` is kept on the round, its clock
 * runs five-minute speeches, points of information are refused in the first and the last minute of five (not of
 * seven), the time a speech counts for the award rules stops at five minutes, and a room without a choice runs seven.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayAt, drawBpSeats, type TBpSpeechMinutes, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openBpRoom } from './bp-room';
import { commandClock } from './debates.service';
import { clockFromRow, requireDebate } from './round-row';
import * as pois from './pois.service';

type TCookieUser = { user: TSessionUser; cookie: string };

const SEED = 'bp-five-minutes';

describe.each(TEST_ENGINES)('a five-minute British Parliamentary room on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const people = async (n: number) => {
    const made: TCookieUser[] = [];
    for (let i = 0; i < n; i++) made.push(await buildUser(t));
    return made;
  };
  const pairs = (eight: TCookieUser[]) => [0, 2, 4, 6].map((i) => [eight[i]!.user.id, eight[i + 1]!.user.id]);
  const open = (eight: TCookieUser[], speechMinutes?: TBpSpeechMinutes) =>
    openBpRoom(
      { database: t.database },
      {
        kind: 'matchmade',
        teams: pairs(eight),
        resolution: 'This house would speak for five minutes.',
        topicId: null,
        seed: SEED,
        ...(speechMinutes === undefined ? {} : { speechMinutes }),
      },
    );
  const at = (eight: TCookieUser[], position: string) => {
    const seat = drawBpSeats(pairs(eight), SEED).find((s) => s.position === position)!;
    return eight.find((p) => p.user.id === seat.userId)!;
  };
  /** The services at a fixed time, `seconds` after `startMs`. */
  const when = (startMs: number, seconds: number) => ({
    database: t.database,
    events: t.app.context.events,
    now: () => startMs + seconds * 1000,
  });

  it('runs five-minute speeches and refuses points in the first and the last minute of five', async () => {
    const eight = await people(8);
    const id = await open(eight, 5);
    const startMs = Date.now();
    const pm = at(eight, 'pm');
    const lo = at(eight, 'lo');
    await commandClock(when(startMs, 0), pm.user, id, 'start_speech');
    const clock = clockFromRow(await requireDebate({ database: t.database }, id));
    expect(clock.speechMinutes).toBe(5);
    expect(displayAt(clock, startMs + 1000).durationMs).toBe(5 * 60_000);
    expect(displayAt(clock, startMs + 250_000).poi).toEqual({ isProtected: true, isOpen: false });
    // The protected first minute, then open, then the protected last minute of five (4:00 on), then time is up.
    await expect(pois.offerPoi(when(startMs, 30), lo.user, id, 'poi')).rejects.toThrow('Protected time');
    const open90 = await pois.offerPoi(when(startMs, 90), lo.user, id, 'poi');
    expect(open90.status).toBe('offered');
    await pois.answerPoi(when(startMs, 92), pm.user, id, open90.id, false);
    const open230 = await pois.offerPoi(when(startMs, 230), lo.user, id, 'poi');
    expect(open230.status).toBe('offered');
    await pois.answerPoi(when(startMs, 232), pm.user, id, open230.id, false);
    await expect(pois.offerPoi(when(startMs, 250), lo.user, id, 'poi')).rejects.toThrow('Protected time');
    await expect(pois.offerPoi(when(startMs, 301), lo.user, id, 'poi')).rejects.toThrow('time is up');
    // A speech that ran six minutes counts for five (BP has no grace) towards the round's speech time.
    await commandClock(when(startMs, 360), pm.user, id, 'end_speech');
    const row = await requireDebate({ database: t.database }, id);
    expect(Number(row.spokenMs)).toBe(5 * 60_000);
  });

  it('runs seven-minute speeches when the room chose none: 4:10 is open time there', async () => {
    const eight = await people(8);
    const id = await open(eight);
    const startMs = Date.now();
    await commandClock(when(startMs, 0), at(eight, 'pm').user, id, 'start_speech');
    const row = await requireDebate({ database: t.database }, id);
    expect(row.speechMinutes).toBe(7);
    expect(displayAt(clockFromRow(row), startMs + 1000).durationMs).toBe(7 * 60_000);
    const offered = await pois.offerPoi(when(startMs, 250), at(eight, 'lo').user, id, 'poi');
    expect(offered.status).toBe('offered');
    await expect(pois.offerPoi(when(startMs, 370), at(eight, 'dlo').user, id, 'poi')).rejects.toThrow('Protected time');
  });

  it('refuses a speech length BP does not have, writing nothing', async () => {
    const eight = await people(8);
    await expect(open(eight, 6 as TBpSpeechMinutes)).rejects.toThrow(
      'A British Parliamentary speech is seven or five minutes long.',
    );
    expect(await t.database.db.selectFrom('debates').select('id').execute()).toEqual([]);
  });
});
