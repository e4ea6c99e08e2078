import { transceiverOf } from './mesh-media';
import type { TPeer } from './mesh-types';

/**
 * Each connection's audio sender carries the microphone (`track`) to a peer that may hear this person now, and
 * nothing to the others (a prep huddle: `audience` is who may; null, everyone). No renegotiation either way, and the
 * person's own mute (the track's `enabled`) is untouched.
 */
export async function sendAudio(
  peers: Iterable<[string, TPeer]>,
  track: MediaStreamTrack | null,
  audience: ReadonlySet<string> | null,
): Promise<void> {
  await Promise.all(
    [...peers].map(([userId, peer]) => {
      const sender = transceiverOf(peer.pc, 'audio')?.sender;
      const next = audience === null || audience.has(userId) ? track : null;
      if (!sender || sender.track === next) return undefined;
      return sender.replaceTrack(next).catch(() => undefined);
    }),
  );
}
