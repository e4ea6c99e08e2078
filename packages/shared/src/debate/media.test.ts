import { describe, expect, it } from 'vitest';
import { helloAction, offersTo } from './media.js';
import { SPECTATOR_MEDIA_LIMIT } from './protocol.js';

describe('the round media mesh', () => {
  it('has exactly one offerer in every pair of participants, and spectators never offer', () => {
    const roles = ['a', 'b', 'judge', 'spectator'] as const;
    for (const me of roles) {
      for (const them of roles) {
        if (me === them) continue;
        expect(offersTo(me, them) !== offersTo(them, me), `${me}/${them}`).toBe(true);
      }
      expect(offersTo('spectator', me)).toBe(false);
    }
  });

  it('answers a hello by offering or greeting back, so whoever arrives second starts the call', () => {
    expect(helloAction('a', 'b', 0, false)).toBe('offer');
    expect(helloAction('b', 'a', 0, false)).toBe('greet');
    expect(helloAction('judge', 'b', 0, false)).toBe('greet');
    expect(helloAction('b', 'judge', 0, false)).toBe('offer');
    expect(helloAction('spectator', 'judge', 0, false)).toBe('greet');
    expect(helloAction('spectator', 'spectator', 0, false)).toBe('ignore');
  });

  it('sends to at most SPECTATOR_MEDIA_LIMIT spectators, and still reconnects one it already sends to', () => {
    expect(helloAction('a', 'spectator', SPECTATOR_MEDIA_LIMIT - 1, false)).toBe('offer');
    expect(helloAction('a', 'spectator', SPECTATOR_MEDIA_LIMIT, false)).toBe('full');
    expect(helloAction('judge', 'spectator', SPECTATOR_MEDIA_LIMIT, true)).toBe('offer');
    // The cap is for spectators only: a judge always gets through.
    expect(helloAction('a', 'judge', SPECTATOR_MEDIA_LIMIT + 3, false)).toBe('offer');
  });
});
