import { describe, expect, it } from 'vitest';
import { applyClockAction } from './clock-rules.js';
import { createClock } from './clock.js';
import { poiRefusal } from './poi.js';

const T0 = 1_750_000_000_000;

describe('points of information', () => {
  // The PMC (Government, side a) running from T0; protected first and last minute of 7.
  const pmc = applyClockAction(createClock('parli', { prepMinutes: 15 }), 'start_speech', 'a', T0);

  it('opens only outside protected time, for the other side only', () => {
    expect(poiRefusal('parli', pmc, T0 + 30_000, 'b', 'poi')).toBe(
      'Protected time: points of information are not allowed now.',
    );
    expect(poiRefusal('parli', pmc, T0 + 90_000, 'b', 'poi')).toBeNull();
    expect(poiRefusal('parli', pmc, T0 + 90_000, 'a', 'poi')).toBe('Only the other side offers a point.');
    expect(poiRefusal('parli', pmc, T0 + 6.5 * 60_000, 'b', 'poi')).toBe(
      'Protected time: points of information are not allowed now.',
    );
    expect(poiRefusal('parli', pmc, T0 + 90_000, null, 'poi')).toBe('Only the debaters offer points.');
    expect(poiRefusal('parli', pmc, T0 + 90_000, 'b', 'order')).toBe(
      'Points of order are raised only during the rebuttals.',
    );
  });

  it('is refused between speeches, while paused, and outside Parliamentary', () => {
    expect(poiRefusal('parli', createClock('parli', { prepMinutes: 15 }), T0, 'b', 'poi')).toBe(
      'Points are offered during a running speech.',
    );
    const paused = applyClockAction(pmc, 'pause', 'a', T0 + 90_000);
    expect(poiRefusal('parli', paused, T0 + 95_000, 'b', 'poi')).toBe('Points are offered during a running speech.');
    const ac = applyClockAction(createClock('ld'), 'start_speech', 'a', T0);
    expect(poiRefusal('ld', ac, T0 + 90_000, 'b', 'poi')).toBe('Points of information are not taken in this speech.');
  });
});
