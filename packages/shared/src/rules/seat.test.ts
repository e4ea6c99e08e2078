import { describe, expect, it } from 'vitest';
import { seatRefusal, seatUnavailableRefusal } from './seat.js';

describe('the seat rule', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const free = { banned: null, banExpires: null };

  it('seats someone with no ban and no suspension, or whose suspension or ban has ended', () => {
    expect(seatRefusal(free, now)).toBeNull();
    expect(seatRefusal({ ...free, suspendedUntil: '2026-11-27T11:59:59Z' }, now)).toBeNull();
    expect(seatRefusal({ banned: true, banExpires: '2026-11-27T11:00:00Z' }, now)).toBeNull();
  });

  it('refuses a ban first, then a suspension that holds, each in its own words', () => {
    expect(seatRefusal({ banned: 1, banExpires: null, suspendedUntil: '2026-11-28T00:00:00Z' }, now)).toMatchObject({
      reason: 'account_banned',
    });
    expect(seatRefusal({ ...free, suspendedUntil: '2026-11-28T00:00:00Z' }, now)).toMatchObject({
      code: 'forbidden',
      reason: 'suspended',
    });
  });

  it('tells others in neutral words, naming the person only when the reader chose them', () => {
    expect(seatUnavailableRefusal('Ann').message).toBe(
      'Ann cannot take part in rounds right now. Pair them with someone else.',
    );
    expect(seatUnavailableRefusal(null)).toEqual({
      code: 'conflict',
      reason: 'seat_unavailable',
      message: 'Your opponent cannot take part in rounds right now.',
    });
  });
});
