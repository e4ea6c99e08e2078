import { request } from '../../../lib/socket';

/** Estimated `serverTime - Date.now()` in ms; 0 until measured. */
let offsetMs = 0;
let measuring: Promise<number> | undefined;

async function pingOnce(): Promise<{ offset: number; rtt: number } | null> {
  const sentAt = Date.now();
  const reply = await request('ping');
  const receivedAt = Date.now();
  if (!reply.ok) return null;
  const rtt = receivedAt - sentAt;
  // The server read its clock about half a round trip ago.
  return { offset: reply.data.serverTime + rtt / 2 - receivedAt, rtt };
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
