/**
 * Fitting a round's media room to its seats (`fitRoom`) runs on every `debate.updated` of a live round with a room:
 * Janus is asked (its size, its participants) only when the round's publishers changed since this instance last
 * fitted the room, or when a publish found it full. A counting stand-in for Janus; the rounds and seats are real.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { JanusClient } from '../../lib/janus/janus-client';
import { nowIso } from '../../db/database';
import { findDebate, debatesDb } from '../debates/rounds.service';
import { SfuKeys } from './sfu-tokens';
import { endRoom, fitRoom } from './sfu-rooms';
import * as repo from './sfu.repository';
import type { TSfuDeps } from './sfu-round';

const quietLog = { warn: () => {}, info: () => {} };

/** What the stand-in was asked, in order, and who it says is in the room. */
function countingJanus() {
  const asked: string[] = [];
  const inRoom: { feed: number; display: string }[] = [];
  const janus = {
    resizeRoom: (_room: number, _secret: string, maxPublishers: number) => {
      asked.push(`edit ${maxPublishers}`);
      return Promise.resolve();
    },
    listParticipants: () => {
      asked.push('list');
      return Promise.resolve([...inRoom]);
    },
    kick: (_room: number, feed: number) => {
      asked.push(`kick ${feed}`);
      return Promise.resolve();
    },
    destroyRoom: () => {
      asked.push('destroy');
      return Promise.resolve(true);
    },
  };
  return { asked, inRoom, janus: janus as unknown as JanusClient };
}

describe.each(TEST_ENGINES)('fitting a round’s media room to its seats on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A live LD round with a ready room, and deps over the stand-in. */
  async function liveRoundWithRoom() {
    const [ada, bo] = [await buildUser(t), await buildUser(t)];
    const { challenge } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/debates/challenges',
        headers: { cookie: ada.cookie },
        payload: { formatId: 'ld' },
      })
    ).json();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/debates/challenges/${challenge.token}/accept`,
      headers: { cookie: bo.cookie },
    });
    const debateId = accepted.json().debateId as number;
    expect(await repo.claimRoom(t.database.db, debateId, 4242, nowIso())).toBe(true);
    expect(await repo.markReady(t.database.db, debateId, nowIso())).toBe(true);
    const fake = countingJanus();
    const deps: TSfuDeps = {
      database: t.database,
      events: t.app.context.events,
      janus: fake.janus,
      keys: new SfuKeys(t.config.authSecret!),
      spectatorLimit: 2,
      log: quietLog,
    };
    const row = async () => (await findDebate(debatesDb(t.database.db), debateId))!;
    const seatJudge = (userId: string) =>
      t.database.db.updateTable('debates').set({ judgeId: userId }).where('id', '=', debateId).execute();
    return { debateId, deps, row, seatJudge, ...fake };
  }

  it('asks Janus once for the same publishers, again when a judge is seated or replaced', async () => {
    const { deps, row, seatJudge, asked, inRoom } = await liveRoundWithRoom();
    await fitRoom(deps, await row());
    // Two debaters and a seat kept for a judge.
    expect(asked).toEqual(['edit 3', 'list']);
    // The round's clock and speeches update it many times: nothing about its publishers changed.
    for (let i = 0; i < 5; i++) await fitRoom(deps, await row());
    expect(asked).toHaveLength(2);

    const [judy, jo] = [await buildUser(t), await buildUser(t)];
    await seatJudge(judy.user.id);
    await fitRoom(deps, await row());
    expect(asked.slice(2)).toEqual(['edit 3', 'list']);
    await fitRoom(deps, await row());
    expect(asked).toHaveLength(4);

    // The host replaces the judge: as many seats, another publisher, whose predecessor loses their place.
    inRoom.push({ feed: 77, display: judy.user.id });
    await seatJudge(jo.user.id);
    await fitRoom(deps, await row());
    expect(asked.slice(4)).toEqual(['edit 3', 'list', 'kick 77']);
  });

  it('asks Janus again when a publish found the room full, and after the room was ended and made again', async () => {
    const { debateId, deps, row, asked } = await liveRoundWithRoom();
    await fitRoom(deps, await row());
    await fitRoom(deps, await row(), { isForced: true });
    expect(asked).toEqual(['edit 3', 'list', 'edit 3', 'list']);

    // The room ends and the round's room is made anew (a later claim): it is fitted afresh.
    await endRoom(deps, debateId);
    expect(asked.at(-1)).toBe('destroy');
    await t.database.db.deleteFrom('sfuRooms').where('debateId', '=', debateId).execute();
    expect(await repo.claimRoom(t.database.db, debateId, 4343, nowIso())).toBe(true);
    expect(await repo.markReady(t.database.db, debateId, nowIso())).toBe(true);
    await fitRoom(deps, await row());
    expect(asked.slice(5)).toEqual(['edit 3', 'list']);
  });
});
