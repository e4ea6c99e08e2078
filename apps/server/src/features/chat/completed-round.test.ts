/**
 * The community chat's "completed a round" (an established account while an admin locks the chat) counts a round
 * debated in any seat: a second speaker's finished round too, on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from '../debates/round-seating';
import { hasCompletedRoundAsDebater } from './chat.repository';

describe.each(TEST_ENGINES)('a completed round for the community chat on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('counts a round a second speaker finished, and not one still waiting for its ballot', async () => {
    const [a1, a2, b1, b2] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const seat = (userId: string, side: 'a' | 'b', position: string) => ({ userId, side, position });
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'This house would count every seat.',
        topicId: null,
        debaters: [
          seat(a1.user.id, 'a', 'first'),
          seat(a2.user.id, 'a', 'second'),
          seat(b1.user.id, 'b', 'first'),
          seat(b2.user.id, 'b', 'second'),
        ],
        judgeId: null,
      },
    );
    const setStatus = (status: 'awaiting_ballot' | 'judged') =>
      t.database.db.updateTable('debates').set({ status }).where('id', '=', id).execute();
    await setStatus('awaiting_ballot');
    expect(await hasCompletedRoundAsDebater(t.database.db, a2.user.id)).toBe(false);
    await setStatus('judged');
    for (const who of [a1, a2, b1, b2]) expect(await hasCompletedRoundAsDebater(t.database.db, who.user.id)).toBe(true);
  });
});
