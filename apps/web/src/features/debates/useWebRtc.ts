import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDebateJoined, TRtcSignal } from '@resolved/shared';
import { getSocket, useSocketEvent } from '../../lib/socket';

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

/**
 * Peer-to-peer audio and video between the two debaters. Signals travel through the server
 * (`debate.signal` → `debate.signal_received` to the other debater). Side A makes the offer; each side
 * says `hello` when ready, and side B answers a hello with a hello, so whoever arrives second starts the call.
 */
export function useWebRtc(options: {
  debateId: number;
  isEnabled: boolean;
  isOfferer: boolean;
  iceServers: TIceServer[] | null;
}) {
  const { debateId, isEnabled, isOfferer, iceServers } = options;
  const pcRef = useRef<RTCPeerConnection | null>(null);
  const pcStartedAt = useRef(0);
  const localRef = useRef<MediaStream | null>(null);
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [connectionState, setConnectionState] = useState<RTCPeerConnectionState | 'waiting'>('waiting');
  const [isMuted, setIsMuted] = useState(false);
  const [isCameraOff, setIsCameraOff] = useState(false);
  const [isReady, setIsReady] = useState(false);

  const signal = useCallback(
    (payload: TRtcSignal) => {
      getSocket().emit('debate.signal', { debateId, signal: payload }, () => undefined);
    },
    [debateId],
  );

  const newPeer = useCallback(() => {
    pcRef.current?.close();
    const pc = new RTCPeerConnection({ iceServers: iceServers ?? [] });
    pcRef.current = pc;
    pcStartedAt.current = Date.now();
    pendingCandidates.current = [];
    const stream = localRef.current;
    if (stream) for (const track of stream.getTracks()) pc.addTrack(track, stream);
    else {
      // Without a camera or microphone we still receive the other debater.
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    pc.onicecandidate = (event) => {
      if (event.candidate) signal({ type: 'candidate', candidate: event.candidate.toJSON() as never });
    };
    pc.ontrack = (event) => setRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    pc.onconnectionstatechange = () => {
      if (pcRef.current === pc) setConnectionState(pc.connectionState);
    };
    setConnectionState(pc.connectionState);
    return pc;
  }, [iceServers, signal]);

  /**
   * A hello means the other side starts afresh (first arrival, reload, reconnect): offer a new connection,
   * even over one that still looks connected here. Two hellos in a row (both arriving at once) make one offer.
   */
  const startOffer = useCallback(async () => {
    if (pcRef.current && Date.now() - pcStartedAt.current < 3000) return;
    const pc = newPeer();
    await pc.setLocalDescription(await pc.createOffer());
    signal({ type: 'offer', sdp: pc.localDescription?.sdp ?? '' });
  }, [newPeer, signal]);

  // Get the camera and microphone, then say hello.
  useEffect(() => {
    if (!isEnabled || !iceServers) return;
    let isCurrent = true;
    void getLocalMedia().then((stream) => {
      if (!isCurrent) {
        stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      localRef.current = stream;
      setLocalStream(stream);
      setIsReady(true);
    });
    return () => {
      isCurrent = false;
      setIsReady(false);
      localRef.current?.getTracks().forEach((t) => t.stop());
      localRef.current = null;
      pcRef.current?.close();
      pcRef.current = null;
    };
  }, [isEnabled, iceServers]);

  useEffect(() => {
    if (isReady) signal({ type: 'hello' });
  }, [isReady, signal]);

  useSocketEvent('debate.signal_received', (payload) => {
    if (payload.debateId !== debateId || !isReady) return;
    const message = payload.signal;
    void (async () => {
      if (message.type === 'hello') {
        if (isOfferer) await startOffer();
        else signal({ type: 'hello' });
      } else if (message.type === 'offer' && !isOfferer) {
        const pc = newPeer();
        await pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
        for (const c of pendingCandidates.current.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
        await pc.setLocalDescription(await pc.createAnswer());
        signal({ type: 'answer', sdp: pc.localDescription?.sdp ?? '' });
      } else if (message.type === 'answer' && isOfferer) {
        const pc = pcRef.current;
        if (pc && pc.signalingState === 'have-local-offer') {
          await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
          for (const c of pendingCandidates.current.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
        }
      } else if (message.type === 'candidate') {
        const pc = pcRef.current;
        const candidate = message.candidate as RTCIceCandidateInit;
        if (pc?.remoteDescription) await pc.addIceCandidate(candidate).catch(() => undefined);
        else pendingCandidates.current.push(candidate);
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
    remoteStream,
    connectionState,
    isMuted,
    isCameraOff,
    hasCamera: !!localStream?.getVideoTracks().length,
    hasMicrophone: !!localStream?.getAudioTracks().length,
    toggleMute,
    toggleCamera,
  };
}
