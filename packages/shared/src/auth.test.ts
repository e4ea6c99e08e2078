import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  parseScoreInput,
  scoreChangeAuthor,
  ZPassword,
  ZSignInRequest,
  ZSignUpRequest,
} from './auth';

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
    const base = { name: 'Ada', email: 'ada@example.com', birthMonth: '1990-01' };
    expect(ZSignUpRequest.safeParse({ ...base, password: 'short' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters.',
    );
    expect(ZSignUpRequest.safeParse({ ...base, password: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(
      'Password must be at most 128 characters.',
    );
    expect(ZSignUpRequest.safeParse({ ...base, password: 'x'.repeat(8) }).success).toBe(true);
  });
});

describe('scoreChangeAuthor', () => {
  it('names a debate for automatic awards, the admin for an admin change, and says when the admin is gone', () => {
    expect(scoreChangeAuthor({ debateId: 12, changedById: null, changedByName: null })).toBe('Debate #12 (automatic)');
    expect(scoreChangeAuthor({ debateId: null, changedById: 'x', changedByName: 'Coach Kim' })).toBe('Coach Kim');
    expect(scoreChangeAuthor({ debateId: null, changedById: 'x', changedByName: null })).toBe('a removed admin');
  });
});

describe('ZPassword', () => {
  it('refuses the most common passwords whatever their length, and accepts others', () => {
    for (const common of ['password123', 'Password1', 'qwertyuiop', '12345678']) {
      const result = ZPassword.safeParse(common);
      expect(result.success, common).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    expect(ZPassword.safeParse('correct horse battery').success).toBe(true);
  });
});
