import { describe, expect, it } from 'vitest';
import { parseCookies, serializeSignedCookie } from 'better-call';
import { verifySignedCookie } from './auth.guard';

const SECRET = 'test-secret-test-secret-test-secret-1234';

/** A value better-call signs, as a cookie header carries it once parsed (`token.signature`). */
async function signed(token: string, secret = SECRET): Promise<string> {
  const setCookie = await serializeSignedCookie('session', token, secret);
  return parseCookies(setCookie.split(';')[0]!).get('session')!;
}

describe('verifySignedCookie (the session fast path)', () => {
  it('accepts what better-call signs, and nothing signed otherwise', async () => {
    expect(verifySignedCookie(await signed('abc123'), SECRET)).toBe('abc123');
    expect(verifySignedCookie(await signed('abc123', 'another-secret-another-secret-0000'), SECRET)).toBeNull();
    const value = await signed('abc123');
    expect(verifySignedCookie(value.replace('abc123', 'abc124'), SECRET)).toBeNull();
    for (const broken of [undefined, '', 'abc123', '.abc', value.slice(0, -1), `${value}=`]) {
      expect(verifySignedCookie(broken, SECRET)).toBeNull();
    }
  });

  it('refuses a signature rewritten in URL-safe base64, as better-call does', async () => {
    // Find a token whose signature has a character that differs between the two alphabets.
    let token = '';
    let value = '';
    for (let i = 0; !/[+/]/.test(value.split('.')[1] ?? ''); i++) {
      token = `token-${i}`;
      value = await signed(token);
    }
    expect(verifySignedCookie(value, SECRET)).toBe(token);
    expect(verifySignedCookie(value.replace(/\+/g, '-').replace(/\//g, '_'), SECRET)).toBeNull();
  });
});
