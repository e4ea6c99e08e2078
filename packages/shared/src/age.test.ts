import { describe, expect, it } from 'vitest';
import { ageBandOf, ageOn, BIRTH_MONTH_MESSAGES } from './age';
import { ZBirthMonth } from './age-schemas';

const on = (iso: string) => new Date(iso);

describe('ageOn', () => {
  it('counts the birthday at the end of the birth month', () => {
    expect(ageOn('2013-05', on('2026-04-30T12:00:00Z'))).toBe(12);
    expect(ageOn('2013-05', on('2026-05-31T12:00:00Z'))).toBe(12);
    expect(ageOn('2013-05', on('2026-06-01T00:00:00Z'))).toBe(13);
  });
});

describe('ageBandOf', () => {
  const now = on('2026-11-26T00:00:00Z');
  it('bands children, minors and adults', () => {
    expect(ageBandOf('2014-10', now)).toBe('child'); // 12
    expect(ageBandOf('2013-10', now)).toBe('minor'); // 13
    expect(ageBandOf('2011-06', now)).toBe('minor'); // 15
    expect(ageBandOf('2008-11', now)).toBe('minor'); // 17 in the birth month
    expect(ageBandOf('2008-10', now)).toBe('adult'); // 18
    expect(ageBandOf('1996-01', now)).toBe('adult');
  });
  it('has no band without a month', () => {
    expect(ageBandOf(null, now)).toBeNull();
    expect(ageBandOf('', now)).toBeNull();
    expect(ageBandOf('2010-13', now)).toBeNull();
  });
});

describe('ZBirthMonth', () => {
  const message = (value: unknown) => {
    const result = ZBirthMonth.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it('takes a real past month', () => {
    expect(message('2011-06')).toBeNull();
  });
  it('refuses a missing, malformed, future or impossible month with a clear message', () => {
    expect(message(undefined)).toBe(BIRTH_MONTH_MESSAGES.required);
    expect(message('')).toBe(BIRTH_MONTH_MESSAGES.required);
    expect(message('2011-13')).toBe(BIRTH_MONTH_MESSAGES.invalid);
    expect(message('June 2011')).toBe(BIRTH_MONTH_MESSAGES.invalid);
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(message(next.toISOString().slice(0, 7))).toBe(BIRTH_MONTH_MESSAGES.future);
    expect(message(`${new Date().getUTCFullYear() - 130}-01`)).toBe(BIRTH_MONTH_MESSAGES.tooOld);
  });
});
