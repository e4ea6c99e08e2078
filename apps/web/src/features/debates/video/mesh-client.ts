import {
  cameraOfSignal,
  helloAction,
  isRepeatHello,
  offersTo,
  peersToDrop,
  type TMediaPeer,
  type TMediaRole,
  type TRtcSignal,
} from '@resolved/shared';
import { ensureSendSlots, flushCandidates, getLocalMedia, type TMeshPlatform } from './mesh-media';
import { cameraOff, cameraOn } from './mesh-camera';
import { applySendRules } from './mesh-senders';
import type { TIceServer, TMeshSnapshot, TPeer, TRemoteRecord, TSession } from './mesh-types';
import { answerSignal, answersOffer, helloSignal, isOfferForEarlierCall, offerSignal } from './mesh-negotiation';
import { applyIceServers, closePeer, openPeer } from './mesh-peer';
import { fingerprintOf, PeerRecovery } from './peer-recovery';
import { isPairViaServer, viaServerReply, type TViaServer } from './mesh-via-server';

export type { TIceServer, TMeshSnapshot, TRemotePeer } from './mesh-types';

/**
 * The round's audio and video: a mesh, as a plain object that React (or a test) reads through `subscribe` and
 * `getSnapshot`. The debaters and the judge send and receive; spectators only receive, and each participant's browser
 * sends to at most SPECTATOR_MEDIA_LIMIT of them (beyond that it answers `full`). Signals travel through the server
 * (`send(signal, toUserId, isCurrent)`, dropped if their connection is gone by their turn; what arrives goes to
 * `handleSignal`). Everyone says `hello` to the room when ready; for each pair the lower-ranked role (A, B, judge,
 * spectator; two partners of a side: the lower account id) offers, and the other answers a hello with a hello
 * addressed to it, so whoever arrives second starts that pair's call (`helloAction`). Every connection of a sender
 * negotiates one audio and one video transceiver even with the camera off, so the camera goes on and off by
 * `replaceTrack`.
 */
export class MeshClient {
  private session: TSession | null = null;
  private readonly listeners = new Set<() => void>();
  private remotes = new Map<string, TRemoteRecord>();
  private cameras: Record<string, boolean> = {};
  private localStream: MediaStream | null = null;
  private isMediaFull = false;
  private isMuted = false;
  private isCameraOff: boolean;
  private isCameraBusy = false;
  private isSpectatorWatchAllowed = true;
  private viaServer: TViaServer = 'none';
  private audience: ReadonlySet<string> | null = null;
  private videoSenders: ReadonlySet<string> | null = null;
  private myUserId: string | null = null;
  private roleOf: (userId: string) => TMediaRole = () => 'spectator';
  private snapshot: TMeshSnapshot;

  constructor(
    private readonly send: (signal: TRtcSignal, toUserId?: string, isCurrent?: () => boolean) => void,
    private readonly platform: TMeshPlatform,
  ) {
    this.isCameraOff = !platform.readCameraChoice();
    this.snapshot = this.buildSnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TMeshSnapshot => this.snapshot;

  /** The connection to a peer, for reading its stats (the tiles' quality indicator); undefined while there is none. */
  readonly connectionOf = (userId: string): RTCPeerConnection | undefined => this.session?.peers.get(userId)?.pc;

  /** Who this browser's person is, and the role of anyone in the round (read as signals arrive). */
  setPeople(myUserId: string | null, roleOf: (userId: string) => TMediaRole): void {
    this.myUserId = myUserId;
    this.roleOf = roleOf;
  }

  /**
   * The debaters let spectators watch (always in a round of adults; in a round with a minor only when both turned it
   * on). While false, a participant connects to no spectator and drops those it has.
   */
  setSpectatorWatchAllowed(isAllowed: boolean): void {
    this.isSpectatorWatchAllowed = isAllowed;
    const session = this.session;
    if (!session) return;
    const peers = [...session.peers].map(([userId, peer]) => ({ userId, role: peer.role }));
    for (const userId of peersToDrop(peers, isAllowed)) this.dropPeer(session, userId);
    if (isAllowed && session.isReady) this.offerToHeldSpectators(session);
  }

  /**
   * Which media goes through the media server (`TViaServer`): the spectators' (`SfuClient` serves them; the debaters
   * and the judge stay connected to each other here) or everyone's (no mesh connection at all). A hello from someone
   * met through the server only asks whether this person's camera is on (a `media` signal, for the placeholder over
   * the server's video), answered once spectators may watch when it is a spectator's; connections to those now met
   * through the server are dropped.
   */
  setViaServer(via: TViaServer): void {
    this.viaServer = via;
    const session = this.session;
    if (!session) return;
    for (const [userId, peer] of [...session.peers]) {
      if (isPairViaServer(via, session.role, peer.role)) this.dropPeer(session, userId);
    }
  }

  /** Who may hear this person now (a prep huddle: their partners; null: everyone); every connection follows it. */
  setAudioAudience(audience: ReadonlySet<string> | null): void {
    this.audience = audience;
    if (this.session) void this.applySenders(this.session);
  }

  /**
   * Who sends video now (a round of nine or more: the speaker, `meshVideoSendersOf`; null: everyone). Outside it,
   * every video sender carries nothing; the camera stays on for this person's speech, and receivers show a placeholder.
   */
  setVideoSenders(senders: ReadonlySet<string> | null): void {
    this.videoSenders = senders;
    if (this.session) void this.applySenders(this.session);
  }

  /** Every connection follows the huddle's audience, who sends video now, and the video cap (`applySendRules`). */
  private applySenders(session: TSession): Promise<void> {
    const isVideoSent = this.videoSenders?.has(this.myUserId ?? '') ?? true;
    return applySendRules(session, { audience: this.audience, isVideoSent });
  }

  /**
   * New ICE servers (fresh TURN credentials from a rejoin): used by the connections made from now on, and by the ICE
   * restarts of those running. The call itself goes on: restarting it would cross the offers already on their way.
   */
  setIceServers(iceServers: TIceServer[]): void {
    const session = this.session;
    if (!session) return;
    session.iceServers = iceServers;
    for (const peer of session.peers.values()) applyIceServers(peer, iceServers);
  }

  /**
   * Gets the camera and microphone (a sender only), then says hello to the room. Ends any call already running.
   * `relay` makes every connection go through the TURN server alone.
   */
  start(role: TMediaRole, iceServers: TIceServer[], iceTransportPolicy: RTCIceTransportPolicy = 'all'): void {
    this.stop();
    const session: TSession = {
      role,
      iceServers,
      iceTransportPolicy,
      isReady: false,
      local: null,
      callId: '',
      peers: new Map(),
      heldSpectators: new Map(),
    };
    this.session = session;
    const media = role !== 'spectator' ? getLocalMedia(this.platform, !this.isCameraOff) : Promise.resolve(null);
    void media.then((stream) => {
      if (this.session !== session) {
        stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      session.local = stream;
      // A call that starts again (the call taken back in this window) keeps the person's mute.
      stream?.getAudioTracks().forEach((t) => (t.enabled = !this.isMuted));
      // The camera could not be had (none, or refused): the call goes on with it off.
      if (stream && !stream.getVideoTracks().length) this.isCameraOff = true;
      session.callId = this.platform.newCallId();
      session.isReady = true;
      this.localStream = stream;
      this.changed();
      this.send(this.helloSignal(session));
      if (this.isSpectatorWatchAllowed) this.offerToHeldSpectators(session);
    });
  }

  /** Ends the call: the camera and microphone stop and every connection closes. */
  stop(): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.local?.getTracks().forEach((t) => t.stop());
    for (const peer of session.peers.values()) closePeer(peer);
    session.peers.clear();
    session.heldSpectators.clear();
    this.isMediaFull = false;
    this.localStream = null;
    this.remotes = new Map();
    this.cameras = {};
    this.changed();
  }

  /** A signal from `fromUserId` (relayed by the server). */
  handleSignal(fromUserId: string, message: TRtcSignal): void {
    const session = this.session;
    if (!session?.isReady) return;
    const myRole = session.role;
    const theirRole = this.roleOf(fromUserId);
    // Our own hello comes back from the room; spectators never connect to each other.
    if (fromUserId === this.myUserId || (myRole === 'spectator' && theirRole === 'spectator')) return;
    const theirCamera = cameraOfSignal(message);
    if (theirCamera !== undefined && this.cameras[fromUserId] !== theirCamera) {
      this.cameras = { ...this.cameras, [fromUserId]: theirCamera };
      this.changed();
    }
    if (isPairViaServer(this.viaServer, myRole, theirRole)) {
      const reply = viaServerReply(myRole, theirRole, this.isSpectatorWatchAllowed, message);
      if (reply === 'media') this.send({ type: 'media', camera: !this.isCameraOff }, fromUserId);
      else if (reply === 'hold' && message.type === 'hello') session.heldSpectators.set(fromUserId, message.callId);
      return;
    }
    this.answer(session, fromUserId, theirRole, message).catch((error: unknown) => {
      // A connection closed while its signal was handled (the call ended, a newer offer replaced it): nothing to do.
      console.warn('A call signal could not be handled', error);
    });
  }

  toggleMute(): void {
    this.isMuted = !this.isMuted;
    this.session?.local?.getAudioTracks().forEach((t) => (t.enabled = !this.isMuted));
    this.changed();
  }

  /**
   * Off: the camera track stops (its light goes out) and every connection sends nothing. On: a new camera track goes
   * into the same senders. The choice is remembered in this browser for the next round (and a reload). Rejects when
   * the camera could not be turned on.
   */
  async toggleCamera(): Promise<void> {
    const session = this.session;
    if (!session?.local || this.isCameraBusy) return;
    if (!this.isCameraOff) {
      await cameraOff(session);
      return this.setCamera(false);
    }
    if (!this.platform.getUserMedia) return;
    this.isCameraBusy = true;
    this.changed();
    try {
      if (await cameraOn(this.platform, session, () => this.session === session)) {
        await this.applySenders(session);
        this.setCamera(true);
      }
    } finally {
      this.isCameraBusy = false;
      this.changed();
    }
  }

  private async answer(session: TSession, from: string, theirRole: TMediaRole, message: TRtcSignal): Promise<void> {
    const myRole = session.role;
    const sends = myRole !== 'spectator';
    const [me, them] = [this.meIn(session), { role: theirRole, userId: from }];
    if (message.type === 'hello') {
      const spectatorPeers = [...session.peers.values()].filter((p) => p.role === 'spectator').length;
      const isKnown = session.peers.has(from);
      const action = helloAction(me, them, spectatorPeers, isKnown, this.isSpectatorWatchAllowed);
      if (action === 'ignore' && theirRole === 'spectator' && !this.isSpectatorWatchAllowed) {
        session.heldSpectators.set(from, message.callId);
      } else if (action === 'offer') {
        // The peer may have come after our hello to the room: tell it our camera with the offer.
        if (sends) this.send({ type: 'media', camera: !this.isCameraOff }, from);
        await this.startOffer(session, from, message.callId);
      } else if (action === 'greet') this.send(this.helloSignal(session), from);
      else if (action === 'full') this.send({ type: 'full' }, from);
    } else if (message.type === 'full') {
      if (myRole === 'spectator' && !this.isMediaFull) {
        this.isMediaFull = true;
        this.changed();
      }
    } else if (message.type === 'offer' && !offersTo(me, them)) {
      // Made for this window's earlier call: ask for one for the call it has now (an answer would cross it).
      if (isOfferForEarlierCall(message, session.callId)) return this.send(this.helloSignal(session), from);
      const existing = session.peers.get(from);
      const isRenegotiation =
        !!existing &&
        fingerprintOf(message.sdp) !== null &&
        fingerprintOf(message.sdp) === fingerprintOf(existing.pc.remoteDescription?.sdp);
      // An ICE restart for a connection this browser no longer has: ask for a new one instead.
      if (isRenegotiation && existing.pc.signalingState === 'closed') return this.send(this.helloSignal(session), from);
      const peer = isRenegotiation ? existing : this.newPeer(session, from, undefined);
      peer.offerId = message.offerId ?? null;
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
      if (session.local && sends) ensureSendSlots(peer.pc, session.local);
      void this.applySenders(session);
      await flushCandidates(peer);
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      const isAnswerCurrent = () => session.peers.get(from) === peer && peer.offerId === (message.offerId ?? null);
      if (!isAnswerCurrent()) return;
      this.send(answerSignal(peer.pc.localDescription?.sdp ?? '', message.offerId), from, isAnswerCurrent);
    } else if (message.type === 'answer' && offersTo(me, them)) {
      const peer = session.peers.get(from);
      // Only the answer to the offer this connection waits on: one to an older offer would pair it with a
      // connection the peer no longer has, and it would never connect.
      if (peer && peer.pc.signalingState === 'have-local-offer' && answersOffer(message, peer.offerId)) {
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
        await flushCandidates(peer);
      }
    } else if (message.type === 'candidate') {
      const peer = session.peers.get(from);
      const candidate = message.candidate as RTCIceCandidateInit;
      if (peer?.pc.remoteDescription) await peer.pc.addIceCandidate(candidate).catch(() => undefined);
      else peer?.pendingCandidates.push(candidate);
    }
  }

  /** This person in the call: the order of offers needs their account as well as their role (partners share one). */
  private meIn(session: TSession): TMediaPeer {
    return { role: session.role, userId: this.myUserId ?? '' };
  }

  private helloSignal(session: TSession): TRtcSignal {
    return helloSignal(session, this.isCameraOff);
  }

  private offerToHeldSpectators(session: TSession): void {
    for (const [userId, callId] of session.heldSpectators) {
      if (session.role !== 'spectator') this.send({ type: 'media', camera: !this.isCameraOff }, userId);
      if (this.viaServer !== 'none') continue;
      void this.startOffer(session, userId, callId).catch((error: unknown) => {
        console.warn('A call offer could not be made', error);
      });
    }
    session.heldSpectators.clear();
  }

  /**
   * A hello means that peer starts afresh (first arrival, reload, reconnect, a new role): offer a new connection,
   * even over one that still looks connected here. Two hellos of one window in a row (both arriving at once) make
   * one offer; a hello from the person's other window (`callId`) always gets its own.
   */
  private async startOffer(session: TSession, userId: string, callId: string | undefined, isRebuild = false) {
    const existing = session.peers.get(userId);
    if (!isRebuild && isRepeatHello(existing, { role: this.roleOf(userId), callId }, this.platform.now())) return;
    const peer = this.newPeer(session, userId, callId);
    const { pc } = peer;
    if (session.local && session.role !== 'spectator') ensureSendSlots(pc, session.local);
    void this.applySenders(session);
    await this.sendOffer(session, userId, peer);
  }

  /** A new offer on this connection (its first, or an ICE restart's), under a new id that its answer must repeat. */
  private async sendOffer(session: TSession, userId: string, peer: TPeer, options?: RTCOfferOptions): Promise<void> {
    const offerId = this.platform.newCallId();
    peer.offerId = offerId;
    await peer.pc.setLocalDescription(await peer.pc.createOffer(options));
    const isOfferCurrent = () => session.peers.get(userId) === peer && peer.offerId === offerId;
    if (!isOfferCurrent()) return;
    this.send(offerSignal(peer.pc.localDescription?.sdp ?? '', offerId, peer.callId), userId, isOfferCurrent);
  }

  private newPeer(session: TSession, userId: string, callId: string | undefined): TPeer {
    const old = session.peers.get(userId);
    if (old) closePeer(old);
    const role = this.roleOf(userId);
    const recovery = (pc: RTCPeerConnection) => this.recoveryOf(session, userId, pc);
    const isCurrent = () => session.peers.get(userId) === peer;
    const peer = openPeer(
      this.platform,
      session,
      { role, callId, recovery },
      {
        isCurrent,
        candidate: (candidate) => this.send({ type: 'candidate', candidate: candidate as never }, userId, isCurrent),
        track: (stream) => this.patchRemote(userId, { stream }),
        state: (state) => {
          if (state === 'gone') return this.dropPeer(session, userId);
          // Negotiated only now: its sender takes the video cap (applied to the others when it was made).
          if (state === 'connected' && this.remotes.get(userId)?.state !== state) void this.applySenders(session);
          this.patchRemote(userId, { state });
        },
      },
    );
    session.peers.set(userId, peer);
    this.patchRemote(userId, { role, stream: null, state: peer.pc.connectionState });
    return peer;
  }

  /**
   * What brings this connection back when it breaks: the offering side restarts ICE (a new offer on the same
   * connection, which the answering side recognises by its unchanged DTLS fingerprint), then rebuilds it; the
   * answering side asks with a hello, which the offering side answers with a new connection. The clock is the
   * server's and goes on meanwhile.
   */
  private recoveryOf(session: TSession, userId: string, pc: RTCPeerConnection): PeerRecovery {
    const isCurrent = () => this.session === session && session.peers.get(userId)?.pc === pc;
    const warn = (error: unknown) => console.warn('A broken call connection could not be brought back', error);
    const isOfferer = offersTo(this.meIn(session), { role: this.roleOf(userId), userId });
    return new PeerRecovery(isOfferer, this.platform.setTimer, {
      restart: () => {
        const peer = session.peers.get(userId);
        if (!isCurrent() || !peer) return;
        pc.restartIce();
        this.sendOffer(session, userId, peer, { iceRestart: true }).catch(warn);
      },
      rebuild: () => {
        if (isCurrent()) this.startOffer(session, userId, session.peers.get(userId)?.callId, true).catch(warn);
      },
      askAgain: () => {
        if (isCurrent()) this.send(this.helloSignal(session), userId);
      },
      isChecking: () => pc.remoteDescription !== null && pc.iceConnectionState === 'checking',
    });
  }

  private dropPeer(session: TSession, userId: string): void {
    const peer = session.peers.get(userId);
    if (peer) closePeer(peer);
    session.peers.delete(userId);
    void this.applySenders(session);
    if (this.session !== session || !this.remotes.has(userId)) return;
    this.remotes = new Map(this.remotes);
    this.remotes.delete(userId);
    this.changed();
  }

  private patchRemote(userId: string, patch: Partial<TRemoteRecord>): void {
    const base = this.remotes.get(userId) ?? { userId, role: this.roleOf(userId), stream: null, state: 'new' };
    this.remotes = new Map(this.remotes).set(userId, { ...base, ...patch });
    this.changed();
  }

  private setCamera(isOn: boolean): void {
    this.isCameraOff = !isOn;
    this.platform.saveCameraChoice(isOn);
    this.send({ type: 'media', camera: isOn });
    // A new stream object: the preview and the recorder see the change (the tracks are the call's).
    const stream = this.session?.local;
    if (stream) this.localStream = this.platform.createStream(stream.getTracks());
    this.changed();
  }

  private buildSnapshot(): TMeshSnapshot {
    const cameras = this.cameras;
    const localStream = this.localStream;
    return Object.freeze({
      isReady: this.session?.isReady ?? false,
      localStream,
      remotes: Object.freeze([...this.remotes.values()].map((r) => ({ ...r, isCameraOn: cameras[r.userId] ?? true }))),
      cameras,
      isMediaFull: this.isMediaFull,
      isMuted: this.isMuted,
      isCameraOff: this.isCameraOff,
      isCameraBusy: this.isCameraBusy,
      hasCamera: !!localStream && this.platform.getUserMedia !== null,
      hasMicrophone: !!localStream?.getAudioTracks().length,
    });
  }

  private changed(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}
