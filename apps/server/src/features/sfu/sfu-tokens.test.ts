import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { SfuKeys } from './sfu-tokens';
import { verifyGrant } from './sfu.service';

const keys = new SfuKeys('test-secret-test-secret-test-secret-1234');
const claims = { debateId: 7, userId: 'user-1', role: 'viewer' as const, expiresAt: 2_000_000 };

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the media server’s tokens', () => {
  it('reads back a grant it signed, and nothing altered or signed with another secret', () => {
    const token = keys.signGrant(claims);
    expect(keys.readGrant(token)).toEqual(claims);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify([7, 'user-1', 'publisher', 2_000_000])).toString('base64url');
    expect(keys.readGrant(`${forged}.${signature}`)).toBeNull();
    expect(keys.readGrant(`${payload}.${signature.slice(0, -1)}`)).toBeNull();
    expect(keys.readGrant(payload)).toBeNull();
    expect(new SfuKeys('another-secret-another-secret-1234567').readGrant(token)).toBeNull();
  });

  it('derives a different room token and secret per round, and neither is a grant', () => {
    expect(keys.roomToken(7)).not.toBe(keys.roomToken(8));
    expect(keys.roomSecret(7)).not.toBe(keys.roomToken(7));
    expect(new SfuKeys('another-secret-another-secret-1234567').roomToken(7)).not.toBe(keys.roomToken(7));
    expect(keys.readGrant(keys.roomToken(7))).toBeNull();
  });

  it('checks a grant’s round, person, expiry and role', () => {
    const token = keys.signGrant(claims);
    const expected = { debateId: 7, userId: 'user-1', role: 'viewer' as const };
    expect(() => verifyGrant(keys, token, expected, 1_000_000)).not.toThrow();
    for (const other of [
      { ...expected, debateId: 8 },
      { ...expected, userId: 'user-2' },
    ]) {
      expect(refusal(() => verifyGrant(keys, token, other, 1_000_000))).toMatchObject({
        code: 'forbidden',
        reason: 'media_grant_invalid',
      });
    }
    expect(refusal(() => verifyGrant(keys, token, expected, 2_000_000)).message).toBe(
      'This media grant has expired. Open the round again.',
    );
    expect(refusal(() => verifyGrant(keys, token, { ...expected, role: 'publisher' }, 1_000_000)).message).toBe(
      'Only the debaters and the judge send audio and video.',
    );
  });
});
