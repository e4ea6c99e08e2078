import { CAMERA_CHOICE_KEY, cameraChoiceValue, isCameraChosenOn } from '@resolved/shared';
import type { TPeer } from './mesh-types';

/**
 * What the mesh needs from the browser, in one place so that tests can hand it fakes (Node has no WebRTC) and the
 * next transports (an SFU) can reuse the same client over other connections.
 */
export interface TMeshPlatform {
  createPeerConnection(config: RTCConfiguration): RTCPeerConnection;
  /** Null in a browser without `getUserMedia` (an insecure origin, an old browser): such a browser only receives. */
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | null;
  createStream(tracks: MediaStreamTrack[]): MediaStream;
  /** Whether this browser's person last chose to have the camera on (remembered across rounds and reloads). */
  readCameraChoice(): boolean;
  saveCameraChoice(isOn: boolean): void;
  now(): number;
  /** Runs `run` after `ms`; the function returned cancels it. */
  setTimer(run: () => void, ms: number): () => void;
  /** A new id for this window's call (each start: page load, reload, taking the call back). */
  newCallId(): string;
}

/** The real browser. */
export function browserPlatform(): TMeshPlatform {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    createPeerConnection: (config) => new RTCPeerConnection(config),
    getUserMedia: devices?.getUserMedia ? (constraints) => devices.getUserMedia(constraints) : null,
    createStream: (tracks) => new MediaStream(tracks),
    readCameraChoice: () => {
      try {
        return isCameraChosenOn(localStorage.getItem(CAMERA_CHOICE_KEY));
      } catch {
        return true;
      }
    },
    saveCameraChoice: (isOn) => {
      try {
        localStorage.setItem(CAMERA_CHOICE_KEY, cameraChoiceValue(isOn));
      } catch {
        // A browser that keeps nothing (private mode, storage full) just asks again next time.
      }
    },
    now: () => Date.now(),
    setTimer: (run, ms) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    },
    newCallId: () => crypto.randomUUID(),
  };
}

/** The microphone, and the camera too when `withCamera` (without it the camera light never comes on). */
export async function getLocalMedia(platform: TMeshPlatform, withCamera: boolean): Promise<MediaStream | null> {
  const getUserMedia = platform.getUserMedia;
  if (!getUserMedia) return null;
  if (withCamera) {
    try {
      return await getUserMedia({ audio: true, video: true });
    } catch {
      // No camera, or it was refused: go on with the microphone alone.
    }
  }
  try {
    return await getUserMedia({ audio: true });
  } catch {
    return null;
  }
}

/** The transceiver that carries a kind of media to a peer (one of each in every connection). */
export function transceiverOf(pc: RTCPeerConnection, kind: 'audio' | 'video'): RTCRtpTransceiver | undefined {
  return pc.getTransceivers().find((t) => t.receiver.track.kind === kind && t.currentDirection !== 'stopped');
}

/**
 * Makes sure a sending connection has a sending audio and video transceiver even without the track (the camera
 * off, or no microphone): the slot is negotiated now, so turning the camera on later is a `replaceTrack`, with no
 * renegotiation. The offerer calls it before its offer (adding what is missing); the answerer after the offer is
 * applied (its m-lines made transceivers that `addTrack` could not claim: they are turned to send).
 */
export function ensureSendSlots(pc: RTCPeerConnection, stream: MediaStream) {
  for (const kind of ['audio', 'video'] as const) {
    const transceiver = transceiverOf(pc, kind);
    if (!transceiver) {
      pc.addTransceiver(kind, { direction: 'sendrecv', streams: [stream] });
    } else if (!transceiver.sender.track) {
      transceiver.direction = 'sendrecv';
      transceiver.sender.setStreams(stream);
    }
  }
}

/** Candidates that came before the remote description, applied once it is set. */
export async function flushCandidates(peer: TPeer): Promise<void> {
  for (const c of peer.pendingCandidates.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
}

/**
 * Every connection's video sender gets this track (null: sends nothing); no renegotiation either way, and nothing
 * asked of a sender that already has it.
 */
export async function sendVideo(peers: Iterable<TPeer>, track: MediaStreamTrack | null): Promise<void> {
  await Promise.all(
    [...peers].map((peer) => {
      const sender = transceiverOf(peer.pc, 'video')?.sender;
      if (!sender || sender.track === track) return undefined;
      return sender.replaceTrack(track).catch(() => undefined);
    }),
  );
}
