import { useCallback, useEffect, useRef, useState } from 'react';
import {
  helloAction,
  isRepeatHello,
  offersTo,
  type TDebateJoined,
  type TMediaRole,
  type TRtcSignal,
} from '@resolved/shared';
import { getSocket, useSocketEvent } from '../../../lib/socket';

type TIceServer = TDebateJoined['iceServers'][number];

async function getLocalMedia(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  } catch {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return null;
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
}) {
  const { debateId, isEnabled, myRole, myUserId, iceServers } = options;
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
  const [isCameraOff, setIsCameraOff] = useState(false);
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
      const base = current[userId] ?? { userId, role: roleOfRef.current(userId), stream: null, state: 'new' };
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
      if (stream && sends) for (const track of stream.getTracks()) pc.addTrack(track, stream);
      else {
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
      await pc.setLocalDescription(await pc.createOffer());
      signal({ type: 'offer', sdp: pc.localDescription?.sdp ?? '' }, userId);
    },
    [newPeer, signal],
  );

  // Get the camera and microphone (participants only), then say hello.
  useEffect(() => {
    if (!isEnabled || !iceServers || !myRole) return;
    let isCurrent = true;
    const media = sends ? getLocalMedia() : Promise.resolve(null);
    void media.then((stream) => {
      if (!isCurrent) {
        stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      localRef.current = stream;
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
    };
  }, [isEnabled, iceServers, myRole, sends]);

  useEffect(() => {
    if (isReady) signal({ type: 'hello', callId: callIdRef.current });
  }, [isReady, signal]);

  useSocketEvent('debate.signal_received', (payload) => {
    if (payload.debateId !== debateId || !isReady || !myRole) return;
    const from = payload.fromUserId;
    const theirRole = roleOfRef.current(from);
    // Our own hello comes back from the room; spectators never connect to each other.
    if (from === myUserId || (myRole === 'spectator' && theirRole === 'spectator')) return;
    const iOffer = offersTo(myRole, theirRole);
    const message = payload.signal;
    void (async () => {
      if (message.type === 'hello') {
        const spectatorPeers = [...peers.current.values()].filter((p) => p.role === 'spectator').length;
        const action = helloAction(myRole, theirRole, spectatorPeers, peers.current.has(from));
        if (action === 'offer') await startOffer(from, message.callId);
        else if (action === 'greet') signal({ type: 'hello', callId: callIdRef.current }, from);
        else if (action === 'full') signal({ type: 'full' }, from);
      } else if (message.type === 'full') {
        if (myRole === 'spectator') setIsMediaFull(true);
      } else if (message.type === 'offer' && !iOffer) {
        const peer = newPeer(from, undefined);
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
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

  function toggleCamera() {
    const next = !isCameraOff;
    localRef.current?.getVideoTracks().forEach((t) => (t.enabled = !next));
    setIsCameraOff(next);
  }

  return {
    localStream,
    /** Everyone this browser has a connection with, in the order they connected. */
    remotes: Object.values(remotes),
    isMediaFull,
    isMuted,
    isCameraOff,
    hasCamera: !!localStream?.getVideoTracks().length,
    hasMicrophone: !!localStream?.getAudioTracks().length,
    toggleMute,
    toggleCamera,
  };
}
