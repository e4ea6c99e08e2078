import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { TMediaRole, TSfuGrant } from '@resolved/shared';
import { getSocket, request, useSocketConnected, useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { SignalPacer } from './signal-pacer';
import { MeshClient, type TIceServer, type TRemotePeer } from './mesh-client';
import { browserPlatform } from './mesh-media';
import { SfuClient, type TSfuRequest } from './sfu-client';

export type { TRemotePeer } from './mesh-client';

const CAMERA_FAILED = 'The camera could not be turned on. Check that the browser may use it.';
const WATCH_FAILED = 'The round’s video could not be watched.';

/** `request` for the media server's events (each one's payload and reply are checked by `TSfuRequest`'s signature). */
const sfuRequest: TSfuRequest = (name, payload) =>
  (request as (n: typeof name, p: typeof payload) => ReturnType<TSfuRequest>)(name, payload);

/**
 * The round's audio and video (`MeshClient`), for a component: the call runs while `isEnabled` and the page has the
 * ICE servers and this person's role, and the component renders from the client's snapshot. With a grant to the
 * round's media server (`sfu`), spectators watch through it (`SfuClient`): in a round of two or three publishers the
 * debaters and the judge stay on the mesh with each other and publish the same stream to the server while spectators
 * may watch; in a larger round (`isCallViaServer`) each of them publishes once and receives the others from the
 * server, with no mesh connection. Whoever receives from the server shows its feeds, with each participant's camera
 * on or off as the mesh's `media` signals say.
 */
export function useWebRtc(options: {
  debateId: number;
  isEnabled: boolean;
  myRole: TMediaRole | null;
  myUserId: string | null;
  roleOf: (userId: string) => TMediaRole;
  iceServers: TIceServer[] | null;
  /** `relay`: connect only through the TURN server (ICE_TRANSPORT_POLICY on the server). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * The debaters let spectators watch (always in a round of adults; in a round with a minor only when both turned it
   * on). While false, a participant connects to no spectator and drops those it has.
   */
  isSpectatorWatchAllowed?: boolean;
  /** This person's grant to the round's media server (null: none, everything goes over the mesh). */
  sfu?: TSfuGrant | null;
  /**
   * The round has more than three publisher seats (`isCallViaMediaServer`): with a grant, its debaters and judges
   * meet through the media server rather than on the mesh.
   */
  isCallViaServer?: boolean;
  /**
   * Who may hear this person now (a prep huddle: their partners, `audioAudienceOf`); null: everyone. Every mesh
   * connection follows it, and a publication for spectators alone gets no audio while it is set (in a call through
   * the media server, the server holds each subscription to the huddle instead).
   */
  audioAudience?: readonly string[] | null;
  /**
   * Who sends video on the mesh now (`meshVideoSendersOf`: a round of nine or more sends its speaker's alone); null:
   * everyone. Not applied to a call through the media server, which carries everyone's video.
   */
  videoSenders?: ReadonlySet<string> | null;
}) {
  const {
    debateId,
    isEnabled,
    myRole,
    myUserId,
    roleOf,
    iceServers,
    iceTransportPolicy = 'all',
    isSpectatorWatchAllowed = true,
    sfu = null,
    isCallViaServer = false,
    audioAudience = null,
    videoSenders = null,
  } = options;
  // One client per round: its signals name the round, paced under the server's limit so none is refused and lost.
  const client = useMemo(() => {
    const pacer = new SignalPacer((signal, toUserId, done) => {
      getSocket().emit('debate.signal', { debateId, toUserId, signal }, done);
    });
    return new MeshClient((signal, toUserId, isCurrent) => pacer.send(signal, toUserId, isCurrent), browserPlatform());
  }, [debateId]);
  useEffect(() => {
    client.setPeople(myUserId, roleOf);
  });
  // One for the page: a new round's grant starts a new session in it.
  const sfuClient = useMemo(() => new SfuClient(sfuRequest, browserPlatform()), []);
  // A grant that fits this person's place in the round (a stale one, until the page has its new grant, is not used).
  const grant = sfu && sfu.role === (myRole === 'spectator' ? 'viewer' : 'publisher') ? sfu : null;
  const isViaServer = grant !== null;
  const isViewer = grant?.role === 'viewer';
  // A debater or judge of a round whose whole call goes through the media server: no mesh connection at all.
  const isCall = isViaServer && !isViewer && isCallViaServer;
  const receivesViaServer = isViewer || isCall;
  // The server drops a socket's publication and subscriptions when it disconnects: they are made again on reconnect.
  const isConnected = useSocketConnected();
  const isSfuOn = isEnabled && isConnected && isViaServer && !!iceServers && !!myRole;
  useEffect(() => {
    client.setViaServer(isCall ? 'everyone' : isViaServer ? 'spectators' : 'none');
  }, [client, isViaServer, isCall]);
  useEffect(() => {
    client.setSpectatorWatchAllowed(isSpectatorWatchAllowed);
  }, [client, isSpectatorWatchAllowed]);
  // The audience as one string, so a new array with the same people changes nothing.
  const audienceKey = audioAudience ? JSON.stringify([...audioAudience].sort()) : null;
  useEffect(() => {
    client.setAudioAudience(audienceKey === null ? null : new Set(JSON.parse(audienceKey) as string[]));
  }, [client, audienceKey]);
  // The same for who sends video: on the mesh only (what this browser receives through the server is everyone's).
  const sendersKey = videoSenders && !receivesViaServer ? JSON.stringify([...videoSenders].sort()) : null;
  const meshVideoSenders = useMemo(
    () => (sendersKey === null ? null : new Set(JSON.parse(sendersKey) as string[])),
    [sendersKey],
  );
  useEffect(() => {
    client.setVideoSenders(meshVideoSenders);
  }, [client, meshVideoSenders]);
  // The call starts once the page has ICE servers, and does not start again when a rejoin brings new ones (fresh
  // TURN credentials, the same servers): a second start in a moment crossed the offers of the first (issue 42). New
  // servers go to the running call instead.
  const iceServersRef = useRef(iceServers);
  useEffect(() => {
    iceServersRef.current = iceServers;
    if (iceServers) client.setIceServers(iceServers);
  }, [client, iceServers]);
  const hasIceServers = iceServers !== null;
  useEffect(() => {
    const servers = iceServersRef.current;
    if (!isEnabled || !servers || !myRole) return;
    client.start(myRole, servers, iceTransportPolicy);
    return () => client.stop();
  }, [client, isEnabled, hasIceServers, iceTransportPolicy, myRole]);

  useSocketEvent('debate.signal_received', (payload) => {
    if (payload.debateId === debateId) client.handleSignal(payload.fromUserId, payload.signal);
  });
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  useEffect(() => {
    if (!isSfuOn) return;
    return () => sfuClient.stop();
  }, [sfuClient, isSfuOn]);
  useEffect(() => {
    if (isSfuOn && grant && iceServers) sfuClient.start(debateId, grant, iceServers, iceTransportPolicy, isCall);
  }, [sfuClient, isSfuOn, grant, debateId, iceServers, iceTransportPolicy, isCall]);
  // A participant publishes the call's own stream (its mute and camera with it): in a call through the server, always
  // and whole (the server holds the huddle on each subscription); otherwise while spectators may watch, and in a prep
  // huddle without its microphone (spectators hear no debater then; the publication keeps its video).
  const isHuddled = audienceKey !== null;
  const callStream = useMemo(
    () =>
      isHuddled && snapshot.localStream ? new MediaStream(snapshot.localStream.getVideoTracks()) : snapshot.localStream,
    [isHuddled, snapshot.localStream],
  );
  const publishStream =
    !isSfuOn || isViewer ? null : isCall ? snapshot.localStream : isSpectatorWatchAllowed ? callStream : null;
  useEffect(() => {
    sfuClient.setPublishStream(publishStream);
  }, [sfuClient, publishStream, grant]);
  useSocketEvent('sfu.feeds_changed', (payload) => sfuClient.handleFeedsChanged(payload.debateId));
  useSocketEvent('sfu.ended', (payload) => sfuClient.handleEnded(payload.debateId, payload.reason));
  const sfuSnapshot = useSyncExternalStore(sfuClient.subscribe, sfuClient.getSnapshot);
  const refusal = isSfuOn ? sfuSnapshot.refusal : null;
  useEffect(() => {
    if (refusal) toast.error(errorMessage(refusal, WATCH_FAILED));
  }, [refusal]);
  const viewed = useMemo<readonly TRemotePeer[]>(
    () =>
      sfuSnapshot.remotes.map((r) => ({
        ...r,
        role: roleOf(r.userId),
        isCameraOn: snapshot.cameras[r.userId] ?? true,
      })),
    // `roleOf` is a new function each render; the feeds and cameras are what change the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sfuSnapshot.remotes, snapshot.cameras],
  );

  return {
    ...snapshot,
    remotes: receivesViaServer ? viewed : snapshot.remotes,
    /** Why the media server will not let this spectator watch (shown instead of the call), or null. */
    watchRefusal: isViewer && refusal ? errorMessage(refusal, WATCH_FAILED) : null,
    /** Who sends video now (a call of nine or more on the mesh: the speaker, `meshVideoSendersOf`); null: everyone. */
    videoSenders: meshVideoSenders,
    /** What each peer last said about its camera (also before its connection is up). */
    cameraOf: (userId: string): boolean => snapshot.cameras[userId] ?? true,
    /** The connection carrying a peer's media (read by the tiles' quality indicator). */
    connectionOf: receivesViaServer ? sfuClient.connectionOf : client.connectionOf,
    toggleMute: () => client.toggleMute(),
    toggleCamera: () =>
      client.toggleCamera().catch((error: unknown) => toast.error(errorMessage(error, CAMERA_FAILED))),
  };
}
