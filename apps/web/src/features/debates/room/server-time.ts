import { getSocket } from '../../../lib/socket';

/** Estimated `serverTime - Date.now()` in ms; 0 until measured. */
let offsetMs = 0;
let measuring: Promise<number> | undefined;

function pingOnce(): Promise<{ offset: number; rtt: number } | null> {
  return new Promise((resolve) => {
    const sentAt = Date.now();
    const timer = setTimeout(() => resolve(null), 3000);
    getSocket().emit('ping', (reply) => {
      clearTimeout(timer);
      const receivedAt = Date.now();
      if (!reply.ok) return resolve(null);
      const rtt = receivedAt - sentAt;
      // The server read its clock about half a round trip ago.
      resolve({ offset: reply.data.serverTime + rtt / 2 - receivedAt, rtt });
    });
  });
}

/**
 * Measures the clock offset with a few pings and keeps the sample with the shortest round trip (the
 * least delayed, so the most accurate). Clients render the debate clock at `Date.now() + offset`.
 */
export function measureServerOffset(samples = 5): Promise<number> {
  measuring ??= (async () => {
    let best: { offset: number; rtt: number } | null = null;
    for (let i = 0; i < samples; i++) {
      const sample = await pingOnce();
      if (sample && (!best || sample.rtt < best.rtt)) best = sample;
    }
    if (best) offsetMs = best.offset;
    measuring = undefined;
    return offsetMs;
  })();
  return measuring;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}
