import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness';
import { ADULT_BIRTH_MONTH, cookieHeaderFrom } from '../../test/factories';
import { authCallsRunning } from './async-context';

type TStorage = { enabled?: boolean; disable(): void };

/** better-auth's three storages, as it keeps them on the process-wide global. */
function betterAuthStorages(): TStorage[] {
  const global = (globalThis as Record<symbol, { context: Record<string, TStorage | undefined> } | undefined>)[
    Symbol.for('better-auth:global')
  ];
  return ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage']
    .map((name) => global?.context[name])
    .filter((storage): storage is TStorage => storage !== undefined);
}

describe('better-auth’s async context between calls', () => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => t.close());

  it('is switched off once no call runs, and calls running together all keep their state', async () => {
    // Twelve sign-ups at once: each runs through better-auth's storages (request state, endpoint, adapter) while
    // others start and finish around it; a call that lost its state would fail or answer without a session.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: {
            name: `Racer ${i}`,
            email: `racer${i}@example.test`,
            password: 'analytical1',
            birthMonth: ADULT_BIRTH_MONTH,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    const storages = betterAuthStorages();
    expect(storages).toHaveLength(3);
    expect(authCallsRunning()).toBe(0);
    // Node 20's AsyncLocalStorage says whether it is enabled; an enabled one keeps the process's promise hook on.
    if (storages.every((storage) => typeof storage.enabled === 'boolean')) {
      expect(storages.map((storage) => storage.enabled)).toEqual([false, false, false]);
    }

    // The next calls turn them on again and work as before: a sign-in, and the session it made.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'racer3@example.test', password: 'analytical1' },
    });
    expect(signIn.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: cookieHeaderFrom(signIn.headers['set-cookie']) },
    });
    expect(session.json().user).toMatchObject({ displayName: 'Racer 3' });
    expect(authCallsRunning()).toBe(0);
  });
});
