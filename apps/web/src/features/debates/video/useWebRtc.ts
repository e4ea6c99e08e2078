import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CAMERA_CHOICE_KEY,
  cameraChoiceValue,
  cameraOfSignal,
  helloAction,
  peersToDrop,
  isCameraChosenOn,
  isRepeatHello,
  offersTo,
  type TDebateJoined,
  type TMediaRole,
  type TRtcSignal,
} from '@resolved/shared';
import { getSocket, useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';

type TIceServer = TDebateJoined['iceServers'][number];

/** Whether this browser's person last chose to have the camera on (remembered across rounds and reloads). */
function readCameraChoice(): boolean {
  try {
    return isCameraChosenOn(localStorage.getItem(CAMERA_CHOICE_KEY));
  } catch {
    return true;
  }
}

function saveCameraChoice(isOn: boolean) {
  try {
    localStorage.setItem(CAMERA_CHOICE_KEY, cameraChoiceValue(isOn));
  } catch {
    // A browser that keeps nothing (private mode, storage full) just asks again next time.
  }
}

/** The microphone, and the camera too when `withCamera` (without it the camera light never comes on). */
async function getLocalMedia(withCamera: boolean): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  if (withCamera) {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    } catch {
      // No camera, or it was refused: go on with the microphone alone.
    }
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return null;
  }
}

/** The transceiver that carries a kind of media to a peer (one of each in every connection). */
function transceiverOf(pc: RTCPeerConnection, kind: 'audio' | 'video'): RTCRtpTransceiver | undefined {
  return pc.getTransceivers().find((t) => t.receiver.track.kind === kind && t.currentDirection !== 'stopped');
}

/**
 * Makes sure a sending connection has a sending audio and video transceiver even without the track (the camera
 * off, or no microphone): the slot is negotiated now, so turning the camera on later is a `replaceTrack`, with no
 * renegotiation. The offerer calls it before its offer (adding what is missing); the answerer after the offer is
 * applied (its m-lines made transceivers that `addTrack` could not claim: they are turned to send).
 */
function ensureSendSlots(pc: RTCPeerConnection, stream: MediaStream) {
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

interface TPeer {
  pc: RTCPeerConnection;
  /** The role the peer had when this connection was made (a spectator who takes the judge's seat starts afresh). */
  role: TMediaRole;
  /** The peer's window (its hello's `callId`) this connection was made for. */
  callId: string | undefined;
  startedAt: number;
  pendingCandidates: RTCIceCandidateInit[];
}

export interface TRemotePeer {
  userId: string;
  role: TMediaRole;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
  /** False when the peer said its camera is off (show a placeholder, not the last frame). */
  isCameraOn: boolean;
}

/**
 * The round's audio and video: a mesh. The debaters and the judge send and receive; spectators only receive, and
 * each participant's browser sends to at most SPECTATOR_MEDIA_LIMIT of them (beyond that it answers `full`).
 * Signals travel through the server (`debate.signal` with `toUserId` → `debate.signal_received`). Everyone says
 * `hello` to the room when ready; for each pair the lower-ranked role (A, B, judge, spectator) offers, and the other
 * answers a hello with a hello addressed to it, so whoever arrives second starts that pair's call (`helloAction`).
 */
export function useWebRtc(options: {
  debateId: number;
  isEnabled: boolean;
  myRole: TMediaRole | null;
  myUserId: string | null;
  roleOf: (userId: string) => TMediaRole;
  iceServers: TIceServer[] | null;
  /**
   * The debaters let spectators watch (always in a round of adults; in a round with a minor only when both turned it
   * on, issue 24). While false, a participant connects to no spectator and drops those it has.
   */
  isSpectatorWatchAllowed?: boolean;
}) {
  const { debateId, isEnabled, myRole, myUserId, iceServers, isSpectatorWatchAllowed = true } = options;
  const roleOfRef = useRef(options.roleOf);
  useEffect(() => {
    roleOfRef.current = options.roleOf;
  });
  const peers = useRef(new Map<string, TPeer>());
  const localRef = useRef<MediaStream | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<Record<string, TRemotePeer>>({});
  const [isMediaFull, setIsMediaFull] = useState(false);
  const [isMuted, setIsMuted] = useState(false);
  const [isCameraOff, setIsCameraOff] = useState(() => !readCameraChoice());
  const isCameraOffRef = useRef(isCameraOff);
  const [isCameraBusy, setIsCameraBusy] = useState(false);
  /** What each peer last said about its camera; kept apart from the connections, which come and go. */
  const [cameras, setCameras] = useState<Record<string, boolean>>({});
  const [isReady, setIsReady] = useState(false);
  /** This window's call: a new id each time it starts (page load, reload, taking the call back). */
  const callIdRef = useRef<string>('');
  const sends = !!myRole && myRole !== 'spectator';

  const signal = useCallback(
    (payload: TRtcSignal, toUserId?: string) => {
      getSocket().emit('debate.signal', { debateId, toUserId, signal: payload }, () => undefined);
    },
    [debateId],
  );

  const patchRemote = useCallback((userId: string, patch: Partial<TRemotePeer> | null) => {
    setRemotes((current) => {
      if (!patch) {
        if (!(userId in current)) return current;
        const { [userId]: _gone, ...rest } = current;
        return rest;
      }
      const base = current[userId] ?? {
        userId,
        role: roleOfRef.current(userId),
        stream: null,
        state: 'new',
        isCameraOn: true,
      };
      return { ...current, [userId]: { ...base, ...patch } };
    });
  }, []);

  const dropPeer = useCallback(
    (userId: string) => {
      peers.current.get(userId)?.pc.close();
      peers.current.delete(userId);
      patchRemote(userId, null);
    },
    [patchRemote],
  );

  const newPeer = useCallback(
    (userId: string, callId: string | undefined) => {
      peers.current.get(userId)?.pc.close();
      const role = roleOfRef.current(userId);
      const pc = new RTCPeerConnection({ iceServers: iceServers ?? [] });
      const peer: TPeer = { pc, role, callId, startedAt: Date.now(), pendingCandidates: [] };
      peers.current.set(userId, peer);
      const stream = localRef.current;
      if (stream && sends) {
        for (const track of stream.getTracks()) pc.addTrack(track, stream);
      } else {
        // Without a camera or microphone (or as a spectator) we still receive.
        pc.addTransceiver('audio', { direction: 'recvonly' });
        pc.addTransceiver('video', { direction: 'recvonly' });
      }
      pc.onicecandidate = (event) => {
        if (event.candidate) signal({ type: 'candidate', candidate: event.candidate.toJSON() as never }, userId);
      };
      pc.ontrack = (event) => {
        if (peers.current.get(userId)?.pc !== pc) return;
        patchRemote(userId, { stream: event.streams[0] ?? new MediaStream([event.track]) });
      };
      pc.onconnectionstatechange = () => {
        if (peers.current.get(userId)?.pc !== pc) return;
        // A peer that left (a spectator closing the tab) frees its place once the connection gives up.
        if (pc.connectionState === 'failed' || pc.connectionState === 'closed') dropPeer(userId);
        else patchRemote(userId, { state: pc.connectionState });
      };
      patchRemote(userId, { role, stream: null, state: pc.connectionState });
      return peer;
    },
    [iceServers, sends, signal, patchRemote, dropPeer],
  );

  /**
   * A hello means that peer starts afresh (first arrival, reload, reconnect, a new role): offer a new connection,
   * even over one that still looks connected here. Two hellos of one window in a row (both arriving at once) make
   * one offer; a hello from the person's other window (`callId`) always gets its own.
   */
  const startOffer = useCallback(
    async (userId: string, callId: string | undefined) => {
      const existing = peers.current.get(userId);
      if (isRepeatHello(existing, { role: roleOfRef.current(userId), callId }, Date.now())) return;
      const { pc } = newPeer(userId, callId);
      if (localRef.current && sends) ensureSendSlots(pc, localRef.current);
      await pc.setLocalDescription(await pc.createOffer());
      signal({ type: 'offer', sdp: pc.localDescription?.sdp ?? '' }, userId);
    },
    [newPeer, signal, sends],
  );

  // Get the camera and microphone (participants only), then say hello.
  useEffect(() => {
    if (!isEnabled || !iceServers || !myRole) return;
    let isCurrent = true;
    const media = sends ? getLocalMedia(!isCameraOffRef.current) : Promise.resolve(null);
    void media.then((stream) => {
      if (!isCurrent) {
        stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      localRef.current = stream;
      // The camera could not be had (none, or refused): the call goes on with it off.
      if (stream && !stream.getVideoTracks().length && !isCameraOffRef.current) {
        isCameraOffRef.current = true;
        setIsCameraOff(true);
      }
      callIdRef.current = crypto.randomUUID();
      setLocalStream(stream);
      setIsReady(true);
    });
    const all = peers.current;
    return () => {
      isCurrent = false;
      setIsReady(false);
      setIsMediaFull(false);
      localRef.current?.getTracks().forEach((t) => t.stop());
      localRef.current = null;
      setLocalStream(null);
      for (const peer of all.values()) peer.pc.close();
      all.clear();
      setRemotes({});
      setCameras({});
    };
  }, [isEnabled, iceServers, myRole, sends]);

  /** Our hello: a sender says whether its camera is on, so whoever it meets shows video or a placeholder. */
  const sendsRef = useRef(sends);
  useEffect(() => {
    sendsRef.current = sends;
  });
  const helloSignal = useCallback(
    (): TRtcSignal =>
      sendsRef.current
        ? { type: 'hello', callId: callIdRef.current, camera: !isCameraOffRef.current }
        : { type: 'hello', callId: callIdRef.current },
    [],
  );

  useEffect(() => {
    if (isReady) signal(helloSignal());
  }, [isReady, signal, helloSignal]);

  // The debaters stopped letting spectators watch: close every connection to a spectator at once.
  /**
   * Spectators whose hello came while they could not watch (issue 24), by their call: a hello can arrive before this
   * browser hears that both debaters now let spectators watch, so it offers to them once it does.
   */
  const heldSpectators = useRef(new Map<string, string | undefined>());
  useEffect(() => {
    const spectators = [...peers.current].map(([userId, peer]) => ({ userId, role: peer.role }));
    for (const userId of peersToDrop(spectators, isSpectatorWatchAllowed)) dropPeer(userId);
    if (!isSpectatorWatchAllowed || !isReady) return;
    for (const [userId, callId] of heldSpectators.current) {
      if (sends) signal({ type: 'media', camera: !isCameraOffRef.current }, userId);
      void startOffer(userId, callId);
    }
    heldSpectators.current.clear();
  }, [isSpectatorWatchAllowed, isReady, dropPeer, sends, signal, startOffer]);

  useSocketEvent('debate.signal_received', (payload) => {
    if (payload.debateId !== debateId || !isReady || !myRole) return;
    const from = payload.fromUserId;
    const theirRole = roleOfRef.current(from);
    // Our own hello comes back from the room; spectators never connect to each other.
    if (from === myUserId || (myRole === 'spectator' && theirRole === 'spectator')) return;
    const iOffer = offersTo(myRole, theirRole);
    const message = payload.signal;
    const theirCamera = cameraOfSignal(message);
    if (theirCamera !== undefined) setCameras((current) => ({ ...current, [from]: theirCamera }));
    void (async () => {
      if (message.type === 'hello') {
        const spectatorPeers = [...peers.current.values()].filter((p) => p.role === 'spectator').length;
        const action = helloAction(myRole, theirRole, spectatorPeers, peers.current.has(from), isSpectatorWatchAllowed);
        if (action === 'ignore' && theirRole === 'spectator' && !isSpectatorWatchAllowed) {
          heldSpectators.current.set(from, message.callId);
        } else if (action === 'offer') {
          // The peer may have come after our hello to the room: tell it our camera with the offer.
          if (sends) signal({ type: 'media', camera: !isCameraOffRef.current }, from);
          await startOffer(from, message.callId);
        } else if (action === 'greet') signal(helloSignal(), from);
        else if (action === 'full') signal({ type: 'full' }, from);
      } else if (message.type === 'full') {
        if (myRole === 'spectator') setIsMediaFull(true);
      } else if (message.type === 'offer' && !iOffer) {
        const peer = newPeer(from, undefined);
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
        if (localRef.current && sends) ensureSendSlots(peer.pc, localRef.current);
        for (const c of peer.pendingCandidates.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        signal({ type: 'answer', sdp: peer.pc.localDescription?.sdp ?? '' }, from);
      } else if (message.type === 'answer' && iOffer) {
        const peer = peers.current.get(from);
        if (peer && peer.pc.signalingState === 'have-local-offer') {
          await peer.pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
          for (const c of peer.pendingCandidates.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
        }
      } else if (message.type === 'candidate') {
        const peer = peers.current.get(from);
        const candidate = message.candidate as RTCIceCandidateInit;
        if (peer?.pc.remoteDescription) await peer.pc.addIceCandidate(candidate).catch(() => undefined);
        else peer?.pendingCandidates.push(candidate);
      }
    })();
  });

  function toggleMute() {
    const next = !isMuted;
    localRef.current?.getAudioTracks().forEach((t) => (t.enabled = !next));
    setIsMuted(next);
  }

  /** Every connection's video sender gets this track (null: sends nothing); no renegotiation either way. */
  async function sendVideo(track: MediaStreamTrack | null) {
    await Promise.all(
      [...peers.current.values()].map((peer) =>
        transceiverOf(peer.pc, 'video')
          ?.sender.replaceTrack(track)
          .catch(() => undefined),
      ),
    );
  }

  function setCamera(isOn: boolean) {
    isCameraOffRef.current = !isOn;
    setIsCameraOff(!isOn);
    saveCameraChoice(isOn);
    signal({ type: 'media', camera: isOn });
    // A new stream object: the preview and the recorder see the change (the tracks are the call's).
    const stream = localRef.current;
    if (stream) setLocalStream(new MediaStream(stream.getTracks()));
  }

  /**
   * Off: the camera track stops (its light goes out) and every connection sends nothing. On: a new camera track goes
   * into the same senders. The choice is remembered in this browser for the next round (and a reload).
   */
  async function toggleCamera() {
    const stream = localRef.current;
    if (!stream || isCameraBusy) return;
    if (!isCameraOffRef.current) {
      for (const track of stream.getVideoTracks()) {
        track.stop();
        stream.removeTrack(track);
      }
      await sendVideo(null);
      setCamera(false);
      return;
    }
    setIsCameraBusy(true);
    try {
      const camera = await navigator.mediaDevices.getUserMedia({ video: true });
      const track = camera.getVideoTracks()[0];
      if (!track || localRef.current !== stream) {
        camera.getTracks().forEach((t) => t.stop());
        return;
      }
      stream.addTrack(track);
      await sendVideo(track);
      setCamera(true);
    } catch {
      toast.error('The camera could not be turned on. Check that the browser may use it.');
    } finally {
      setIsCameraBusy(false);
    }
  }

  return {
    localStream,
    /** Everyone this browser has a connection with, in the order they connected. */
    remotes: Object.values(remotes).map((r) => ({ ...r, isCameraOn: cameras[r.userId] ?? true })),
    /** What each peer last said about its camera (also before its connection is up). */
    cameraOf: (userId: string): boolean => cameras[userId] ?? true,
    isMediaFull,
    isMuted,
    isCameraOff,
    /** The camera can be turned on or off: this browser sends (it has a microphone or camera stream). */
    hasCamera: !!localStream && !!navigator.mediaDevices?.getUserMedia,
    isCameraBusy,
    hasMicrophone: !!localStream?.getAudioTracks().length,
    toggleMute,
    toggleCamera,
  };
}
