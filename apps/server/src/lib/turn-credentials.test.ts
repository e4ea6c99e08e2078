import { describe, expect, it } from 'vitest';
import { mintTurnCredentials } from './turn-credentials';

describe('TURN REST credentials', () => {
  it('names the expiry and the user, and signs that name with the shared secret', () => {
    // The credential was computed apart from this code, with:
    //   printf '%s' '1700000000:8f2c1a9e-user' | openssl dgst -sha1 -hmac 'north-wind' -binary | base64
    const minted = mintTurnCredentials('north-wind', '8f2c1a9e-user', 3600, (1_700_000_000 - 3600) * 1000 + 999);
    expect(minted).toEqual({ username: '1700000000:8f2c1a9e-user', credential: 'N6QC8Fr2IMP6b4w4wSvM7Y1yAfk=' });
  });

  it('gives another user, another secret or another time a different credential', () => {
    const base = mintTurnCredentials('north-wind', 'ada', 60, 0);
    expect(mintTurnCredentials('north-wind', 'grace', 60, 0).credential).not.toBe(base.credential);
    expect(mintTurnCredentials('south-wind', 'ada', 60, 0).credential).not.toBe(base.credential);
    expect(mintTurnCredentials('north-wind', 'ada', 60, 1000).username).toBe('61:ada');
  });
});
