import { afterEach, describe, expect, it } from 'vitest';
import { FORFEIT_AFTER_MS } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

/** The away window the web's banner and leave guard put in words is the server's setting. */
describe.each(TEST_ENGINES)('the away window on the queue status on %s', (engine) => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  const forfeitAfterMsOf = async (env: Record<string, string>) => {
    t = await createTestApp(engine, env);
    const user = await buildUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/debates/queue', headers: { cookie: user.cookie } });
    return res.json().queue.forfeitAfterMs;
  };

  it('is DEBATE_FORFEIT_AFTER_MS when set', async () => {
    expect(await forfeitAfterMsOf({ DEBATE_FORFEIT_AFTER_MS: '5000' })).toBe(5000);
  });

  it('is the product minute when unset', async () => {
    expect(await forfeitAfterMsOf({})).toBe(FORFEIT_AFTER_MS);
  });
});
