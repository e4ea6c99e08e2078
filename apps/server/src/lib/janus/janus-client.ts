/**
 * The one door to the Janus media server (its WebSocket API, through janode): a connection and a session per
 * instance, opened at the first need, opened again after a loss (with a growing pause between failed attempts), and
 * closed with the app. Management requests (create, allow, destroy, list) go through one VideoRoom handle of that
 * session; each publication and each subscription has a handle of its own, a `TJanusPeer`. Nothing else imports
 * janode.
 */
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { TJanusConfig } from '../../config';

/** The VideoRoom plugin's error codes this server reads. */
export const JANUS_ERROR = {
  noSuchRoom: 426,
  roomExists: 427,
  noSuchFeed: 428,
  invalidSdpType: 431,
  publishersFull: 432,
  unauthorized: 433,
  invalidSdp: 437,
  /** Janus's core (not the plugin) refused the SDP: not a session description, or one it cannot read. */
  jsepUnknownType: 464,
  jsepInvalidSdp: 465,
} as const;

/** The codes by which Janus refuses a browser's offer or answer as malformed: the client's error, not ours. */
export const JANUS_SDP_ERRORS: ReadonlySet<number> = new Set([
  JANUS_ERROR.invalidSdpType,
  JANUS_ERROR.invalidSdp,
  JANUS_ERROR.jsepUnknownType,
  JANUS_ERROR.jsepInvalidSdp,
]);

/** A refusal or failure from Janus, with the plugin's error code when it gave one (`JANUS_ERROR`). */
export class JanusError extends Error {
  constructor(
    message: string,
    readonly janusCode: number | undefined,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

/** Janus cannot be reached now (not connected, or waiting before trying again). */
export class JanusUnavailableError extends Error {
  constructor(message = 'The media server cannot be reached.') {
    super(message);
    this.name = 'JanusUnavailableError';
  }
}

/** One publication or subscription: a handle of its own in the instance's Janus session. */
export interface TJanusPeer {
  /** Janus's id of the handle's participant (a publisher's feed id; a subscriber's is not used). */
  readonly feed: number | undefined;
  /** A subscription's answer: media flows once ICE connects. */
  start(answerSdp: string): Promise<void>;
  /**
   * A subscription's audio relayed to its browser or held back by Janus (its audio streams' `send`, a subscriber's
   * `configure`): no renegotiation, and nothing the browser can undo. A publication has no audio to hold: a no-op.
   */
  sendAudio(isSent: boolean): Promise<void>;
  /** Leaves and detaches; safe to call twice, and after Janus or the session went away. */
  close(): Promise<void>;
}

export interface TJanusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

interface TSessionState {
  connection: JanodeConnection;
  session: JanodeSession;
  admin: VideoRoomHandle;
}

/** The first pause after a failed connection, doubled per failure up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

function asJanusError(error: unknown): JanusError {
  if (error instanceof JanusError) return error;
  const code = (error as { _code?: unknown } | null)?._code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'number') return new JanusError(message, code);
  // janode gives the plugin's refusals a `_code`; Janus's core refusals (a malformed SDP: "465 Invalid SDP …") only
  // their message, which starts with the code.
  const leading = /^(\d{3}) /.exec(message);
  return new JanusError(message, leading ? Number(leading[1]) : undefined);
}

let isLoggerQuiet = false;

export class JanusClient {
  private state: Promise<TSessionState> | undefined;
  /** The session `state` resolved to, while it lasts. */
  private open: TSessionState | undefined;
  private failures = 0;
  private retryAt = 0;
  private isClosed = false;
  private readonly lostListeners = new Set<() => void>();

  constructor(
    private readonly config: TJanusConfig,
    private readonly log: TJanusLog,
  ) {
    if (!isLoggerQuiet) {
      // janode logs every request at info; our own log says what matters.
      Janode.Logger.setLevel('error');
      isLoggerQuiet = true;
    }
  }

  /**
   * Called when the session is lost (Janus restarted, the connection dropped): every handle of it is gone, so the
   * caller forgets its publications and subscriptions.
   */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Creates a room; `existed` when another creator was first (427), which a caller racing for it tolerates. */
  async createRoom(input: {
    room: number;
    secret: string;
    maxPublishers: number;
    /** The only tokens that may join (Janus's `allowed` list, enabled). */
    allowed: string[];
  }): Promise<'created' | 'existed'> {
    const { admin } = await this.current();
    let outcome: 'created' | 'existed' = 'created';
    try {
      await admin.create({
        room: input.room,
        secret: input.secret,
        max_publishers: input.maxPublishers,
        ...(this.config.adminKey ? { admin_key: this.config.adminKey } : {}),
      });
    } catch (error) {
      const janusError = asJanusError(error);
      if (janusError.janusCode !== JANUS_ERROR.roomExists) throw janusError;
      outcome = 'existed';
    }
    // janode's `create` does not pass `allowed`: the list is set and switched on afterwards.
    await this.call(() => admin.allow({ room: input.room, action: 'add', list: input.allowed, secret: input.secret }));
    await this.call(() => admin.allow({ room: input.room, action: 'enable', secret: input.secret }));
    return outcome;
  }

  /** Changes how many publishers the room takes (a round's seats changed). */
  async resizeRoom(room: number, secret: string, maxPublishers: number): Promise<void> {
    const { admin } = await this.current();
    // janode has no `edit`: its generic message carries it, and a refusal (426 and the like) rejects with its code.
    await this.call(() => admin.message({ request: 'edit', room, secret, new_publishers: maxPublishers }));
  }

  /** Destroys a room; false when Janus had no such room. Its participants are told by Janus and dropped. */
  async destroyRoom(room: number, secret: string): Promise<boolean> {
    const { admin } = await this.current();
    try {
      await admin.destroy({ room, secret });
      return true;
    } catch (error) {
      const janusError = asJanusError(error);
      if (janusError.janusCode === JANUS_ERROR.noSuchRoom) return false;
      throw janusError;
    }
  }

  async roomExists(room: number): Promise<boolean> {
    const { admin } = await this.current();
    return (await this.call(() => admin.exists({ room }))).exists;
  }

  /** The ids of every room Janus has (with the admin key when one is set). */
  async listRooms(): Promise<number[]> {
    const { admin } = await this.current();
    const reply = await this.call(() => admin.list(this.config.adminKey ? { admin_key: this.config.adminKey } : {}));
    return reply.list.map((r) => r.room);
  }

  /** The room's participants whose media is up (publishers), with the display each joined with. */
  async listPublishers(room: number, secret: string): Promise<{ feed: number; display: string | undefined }[]> {
    const { admin } = await this.current();
    const reply = await this.call(() => admin.listParticipants({ room, secret }));
    return reply.participants.filter((p) => p.publisher).map((p) => ({ feed: p.feed, display: p.display }));
  }

  /** Every participant joined as a publisher (media up or not), with its display. */
  async listParticipants(room: number, secret: string): Promise<{ feed: number; display: string | undefined }[]> {
    const { admin } = await this.current();
    const reply = await this.call(() => admin.listParticipants({ room, secret }));
    return reply.participants.map((p) => ({ feed: p.feed, display: p.display }));
  }

  async kick(room: number, feed: number, secret: string): Promise<void> {
    const { admin } = await this.current();
    try {
      await admin.kick({ room, feed, secret });
    } catch (error) {
      const janusError = asJanusError(error);
      // Gone meanwhile: what the kick wanted.
      if (janusError.janusCode !== JANUS_ERROR.noSuchFeed && janusError.janusCode !== JANUS_ERROR.noSuchRoom) {
        throw janusError;
      }
    }
  }

  /** Joins a room as a publisher with an offer (candidates included) and returns Janus's answer. */
  async publish(input: {
    room: number;
    token: string;
    display: string;
    offerSdp: string;
    /** Called once the publisher's media is up: only then does Janus list the feed and let anyone subscribe. */
    onMediaUp?: () => void;
  }): Promise<{ peer: TJanusPeer; answerSdp: string }> {
    const handle = await this.attach();
    if (input.onMediaUp) handle.once(Janode.EVENT.HANDLE_WEBRTCUP, input.onMediaUp);
    try {
      const joined = await this.call(() =>
        handle.joinConfigurePublisher({
          room: input.room,
          token: input.token,
          display: input.display,
          audio: true,
          video: true,
          jsep: { type: 'offer', sdp: input.offerSdp, trickle: false },
        }),
      );
      if (!joined.jsep || joined.jsep.type !== 'answer') throw new JanusError('Janus sent no answer.', undefined);
      return { peer: this.peerOf(handle, joined.feed), answerSdp: joined.jsep.sdp };
    } catch (error) {
      await handle.detach().catch(() => {});
      throw asJanusError(error);
    }
  }

  /** Subscribes to one publisher's feed: Janus's offer, answered with `peer.start`. */
  async subscribe(input: {
    room: number;
    feed: number;
    token: string;
  }): Promise<{ peer: TJanusPeer; offerSdp: string }> {
    const handle = await this.attach();
    try {
      const joined = await this.call(() =>
        handle.joinSubscriber({ room: input.room, feed: input.feed, token: input.token }),
      );
      if (!joined.jsep || joined.jsep.type !== 'offer') throw new JanusError('Janus sent no offer.', undefined);
      const audioMids = (joined.streams ?? []).filter((s) => s.type === 'audio').map((s) => s.mid);
      return { peer: this.peerOf(handle, undefined, audioMids), offerSdp: joined.jsep.sdp };
    } catch (error) {
      await handle.detach().catch(() => {});
      throw asJanusError(error);
    }
  }

  /** Closes the session and the connection (the app is shutting down); later calls are refused. */
  async close(): Promise<void> {
    this.isClosed = true;
    const state = this.state;
    this.state = undefined;
    this.open = undefined;
    if (!state) return;
    const open = await state.catch(() => undefined);
    if (!open) return;
    await open.session.destroy().catch(() => {});
    await open.connection.close().catch(() => {});
  }

  private peerOf(handle: VideoRoomHandle, feed: number | undefined, audioMids: string[] = []): TJanusPeer {
    let closing: Promise<void> | undefined;
    // Janus may have detached it already (its room destroyed, the session gone): nothing is left to close then.
    let isDetached = false;
    handle.once(Janode.EVENT.HANDLE_DETACHED, () => {
      isDetached = true;
    });
    return {
      feed,
      start: async (answerSdp) => {
        await this.call(() => handle.start({ jsep: { type: 'answer', sdp: answerSdp } }));
      },
      sendAudio: async (isSent) => {
        if (audioMids.length === 0) return;
        await this.call(() => handle.configure({ streams: audioMids.map((mid) => ({ mid, send: isSent })) }));
      },
      close: () => {
        closing ??= isDetached ? Promise.resolve() : handle.detach().catch(() => {});
        return closing;
      },
    };
  }

  private async attach(): Promise<VideoRoomHandle> {
    const { session } = await this.current();
    return this.call(() => session.attach(VideoRoomPlugin));
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw asJanusError(error);
    }
  }

  /** The open session, connecting first when there is none (unless the last attempt failed moments ago). */
  private current(): Promise<TSessionState> {
    if (this.isClosed) return Promise.reject(new JanusUnavailableError('The media server connection is closed.'));
    if (this.state) return this.state;
    if (Date.now() < this.retryAt) return Promise.reject(new JanusUnavailableError());
    const connecting = this.connect().catch((error: unknown) => {
      if (this.state === connecting) this.state = undefined;
      this.failures += 1;
      this.retryAt = Date.now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (this.failures - 1));
      this.log.warn({ err: error, failures: this.failures }, 'janus: connection failed');
      throw new JanusUnavailableError();
    });
    this.state = connecting;
    return connecting;
  }

  private async connect(): Promise<TSessionState> {
    const connection = await Janode.connect({
      address: { url: this.config.url, ...(this.config.apiSecret ? { apisecret: this.config.apiSecret } : {}) },
      retry_time_secs: 1,
      max_retries: 1,
    });
    let session: JanodeSession;
    let admin: VideoRoomHandle;
    try {
      session = await connection.create();
      admin = await session.attach(VideoRoomPlugin);
    } catch (error) {
      await connection.close().catch(() => {});
      throw error;
    }
    const opened: TSessionState = { connection, session, admin };
    const lost = () => {
      // The connection's close, its error and the session's end may all fire for one loss: act on the first.
      if (this.isClosed || this.open !== opened) return;
      this.open = undefined;
      this.state = undefined;
      this.log.warn({}, 'janus: session lost; reconnecting at the next request');
      for (const listener of this.lostListeners) listener();
    };
    connection.once(Janode.EVENT.CONNECTION_CLOSED, lost);
    connection.once(Janode.EVENT.CONNECTION_ERROR, lost);
    session.once(Janode.EVENT.SESSION_DESTROYED, lost);
    this.open = opened;
    this.failures = 0;
    this.retryAt = 0;
    this.log.info({ url: this.config.url }, 'janus: connected');
    return opened;
  }
}
