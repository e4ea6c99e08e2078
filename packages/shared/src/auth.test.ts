import { describe, expect, it } from 'vitest';
import { parseScoreInput, ZSignInRequest, ZSignUpRequest } from './auth';

describe('parseScoreInput', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['-3', -3],
    ['+5', 5],
    ['0', 0],
  ])('accepts %j', (raw, value) => {
    expect(parseScoreInput(raw)).toBe(value);
  });
  it.each(['', '12.5', '1e3', 'abc', '5 points', '99999999999'])('refuses %j', (raw) => {
    expect(parseScoreInput(raw)).toBeNull();
  });
});

describe('auth request schemas', () => {
  it('asks for both login fields with the spec message', () => {
    const result = ZSignInRequest.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter email and password');
  });
  it('enforces the 8–128 character password rule', () => {
    const base = { name: 'Ada', email: 'ada@example.com' };
    expect(ZSignUpRequest.safeParse({ ...base, password: 'short' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters.',
    );
    expect(ZSignUpRequest.safeParse({ ...base, password: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(
      'Password must be at most 128 characters.',
    );
    expect(ZSignUpRequest.safeParse({ ...base, password: 'x'.repeat(8) }).success).toBe(true);
  });
});
