/**
 * The evidence cap holds under bursts on both engines: the count and the insert are one step per round, so
 * simultaneous shares store exactly the cap and refuse the rest with a clear 409.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVIDENCE_PER_ROUND } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

describe.each(TEST_ENGINES)('evidence cap under a burst on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('simultaneous shares store at most the cap', async () => {
    const [host, friend] = [await buildUser(t), await buildUser(t)];
    const post = (cookie: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const created = await post(host.cookie, '/api/debates/challenges', { formatId: 'ld' });
    const debateId = (
      await post(friend.cookie, `/api/debates/challenges/${created.json().challenge.token}/accept`, {})
    ).json().debateId as number;
    const burst = await Promise.all(
      Array.from({ length: EVIDENCE_PER_ROUND + 5 }, (_, n) =>
        post(n % 2 ? host.cookie : friend.cookie, `/api/debates/${debateId}/evidence/notes`, {
          kind: 'text',
          text: `Card ${n}`,
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(EVIDENCE_PER_ROUND);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/debates/${debateId}/evidence`,
      headers: { cookie: host.cookie },
    });
    expect(listed.json().evidence).toHaveLength(EVIDENCE_PER_ROUND);
  });
});
