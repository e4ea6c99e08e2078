import { sendVideo, type TMeshPlatform } from './mesh-media';
import type { TSession } from './mesh-types';

/** The camera off: its track stops (its light goes out) and every connection sends no video. */
export async function cameraOff(session: TSession): Promise<void> {
  const stream = session.local;
  if (!stream) return;
  for (const track of stream.getVideoTracks()) {
    track.stop();
    stream.removeTrack(track);
  }
  await sendVideo(session.peers.values(), null);
}

/**
 * The camera on: a new camera track goes into the call's stream, for the mesh to put into the same senders while
 * this person sends video (`applySendRules`; no renegotiation). False when the browser gave no track, or the call
 * ended meanwhile (`isCurrent`); rejects when the camera was refused.
 */
export async function cameraOn(platform: TMeshPlatform, session: TSession, isCurrent: () => boolean): Promise<boolean> {
  const stream = session.local;
  if (!platform.getUserMedia || !stream) return false;
  const camera = await platform.getUserMedia({ video: true });
  const track = camera.getVideoTracks()[0];
  if (!track || !isCurrent()) {
    camera.getTracks().forEach((t) => t.stop());
    return false;
  }
  stream.addTrack(track);
  return true;
}
