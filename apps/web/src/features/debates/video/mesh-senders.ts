import { sendAudio } from './mesh-audio';
import { sendVideo } from './mesh-media';
import { capVideo, publishersOf, videoCapFor } from './mesh-video-cap';
import type { TSession } from './mesh-types';

/** What a sender's connections carry now, besides its own mute and camera choice. */
export interface TSendRules {
  /** Who may hear this person (a prep huddle: their partners); null: everyone. */
  audience: ReadonlySet<string> | null;
  /** Whether this person's camera goes out now (a round of nine or more on the mesh: the speaker's only). */
  isVideoSent: boolean;
}

/**
 * Every connection's senders follow the rules: the microphone to the huddle's audience, the camera (when it is on)
 * while this person sends video, and the video cap for how many publish on this browser's mesh. All by
 * `replaceTrack` and `setParameters`, with no renegotiation, so a connection made meanwhile follows them from the
 * start (the mesh applies them again as each one is made and connects).
 */
export async function applySendRules(session: TSession, rules: TSendRules): Promise<void> {
  const peers = [...session.peers];
  const local = session.local;
  const publishers = publishersOf(
    session.role,
    peers.map(([, peer]) => peer.role),
  );
  await Promise.all([
    sendAudio(peers, local?.getAudioTracks()[0] ?? null, rules.audience),
    local ? sendVideo(session.peers.values(), rules.isVideoSent ? (local.getVideoTracks()[0] ?? null) : null) : null,
    local ? capVideo(session.peers.values(), videoCapFor(publishers)) : null,
  ]);
}
