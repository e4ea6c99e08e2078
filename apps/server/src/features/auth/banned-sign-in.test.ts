/**
 * The note between better-auth's ban refusal and the OAuth callback's door (`banned-sign-in.ts`): it reaches the
 * watched call it happened in, and no other.
 */
import { describe, expect, it } from 'vitest';
import { noteBannedSignIn, watchBannedSignIn } from './banned-sign-in';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the banned sign-in note', () => {
  it('gives the watched call the account refused during it, and null when none was', async () => {
    const refused = await watchBannedSignIn(async () => {
      await tick();
      noteBannedSignIn('user-1');
      return 'redirect';
    });
    expect(refused).toEqual({ result: 'redirect', bannedUserId: 'user-1' });
    expect(await watchBannedSignIn(async () => 'signed in')).toEqual({ result: 'signed in', bannedUserId: null });
  });

  it('keeps calls running at the same time apart, and ignores a refusal outside any watched call', async () => {
    noteBannedSignIn('not-watched');
    const [one, two, three] = await Promise.all([
      watchBannedSignIn(async () => {
        await tick();
        noteBannedSignIn('user-a');
      }),
      watchBannedSignIn(async () => {
        noteBannedSignIn('user-b');
        await tick();
      }),
      watchBannedSignIn(async () => tick()),
    ]);
    expect([one.bannedUserId, two.bannedUserId, three.bannedUserId]).toEqual(['user-a', 'user-b', null]);
    expect((await watchBannedSignIn(async () => undefined)).bannedUserId).toBeNull();
  });
});
