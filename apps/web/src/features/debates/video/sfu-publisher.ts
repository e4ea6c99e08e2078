import { DISCONNECTED_GRACE_MS, healthOf } from './peer-recovery';
import { iceGathered, isTransient, quietly, refOf, retryDelay, trackOf, type TSfuLink } from './sfu-link';

interface TPublication {
  pc: RTCPeerConnection;
  senders: Record<'audio' | 'video', RTCRtpSender>;
  /** The server answered the offer: `sfu.unpublish` is owed when it ends. */
  isPublished: boolean;
}

/**
 * A publisher's side of the media server (a debater or a judge): it sends its local stream once, over one sendonly
 * connection, and makes it again from scratch (with backoff) when it fails or the server could not take it for a
 * moment. A refusal (no longer seated, the round over, an offer the server cannot read) stops it: asking again would
 * be refused the same way. One per grant's use; `close` ends it.
 */
export class SfuPublisher {
  private stream: MediaStream | null = null;
  private publication: TPublication | null = null;
  private retries = 0;
  private cancelTimer: (() => void) | null = null;
  private isClosed = false;

  constructor(
    private readonly link: TSfuLink,
    /** The connection's state for the screen (null while it publishes nothing). */
    private readonly onState: (state: RTCPeerConnectionState | null) => void,
  ) {}

  /**
   * The stream to send (null: stop sending and unpublish). The same connection takes a new stream object of the same
   * call (the camera turned off or on) by replacing its senders' tracks, with no renegotiation; the microphone's mute
   * is its track's `enabled`, which the connection sends as silence.
   */
  setStream(stream: MediaStream | null): void {
    if (this.isClosed || this.stream === stream) return;
    this.stream = stream;
    const publication = this.publication;
    if (!stream) {
      this.cancelRetry();
      this.retries = 0;
      if (publication) this.end(publication);
      this.onState(null);
      return;
    }
    if (publication) {
      for (const kind of ['audio', 'video'] as const) {
        const track = trackOf(stream, kind);
        const sender = publication.senders[kind];
        if (sender.track !== track) void sender.replaceTrack(track).catch(() => undefined);
      }
      return;
    }
    if (!this.cancelTimer) void this.publish();
  }

  /** The round is over: the server destroyed the room; nothing more is sent or asked. */
  roundOver(): void {
    this.cancelRetry();
    this.stream = null;
    if (this.publication) this.closeConnection(this.publication);
    this.onState(null);
  }

  /** The grant's use ended: the publication ends and the server is told. */
  close(): void {
    this.isClosed = true;
    this.cancelRetry();
    if (this.publication) this.end(this.publication);
  }

  private async publish(): Promise<void> {
    const stream = this.stream;
    if (!stream || this.isClosed) return;
    const pc = this.link.platform.createPeerConnection(this.link.config());
    const senders = {
      audio: pc.addTransceiver(trackOf(stream, 'audio') ?? 'audio', { direction: 'sendonly', streams: [stream] })
        .sender,
      video: pc.addTransceiver(trackOf(stream, 'video') ?? 'video', { direction: 'sendonly', streams: [stream] })
        .sender,
    };
    const publication: TPublication = { pc, senders, isPublished: false };
    this.publication = publication;
    const isCurrent = () => !this.isClosed && this.publication === publication;
    let cancelGrace: (() => void) | null = null;
    pc.onconnectionstatechange = () => {
      if (!isCurrent()) return;
      const health = healthOf(pc);
      this.onState(pc.connectionState);
      if (health !== 'disconnected') {
        cancelGrace?.();
        cancelGrace = null;
      }
      if (health === 'up') this.retries = 0;
      else if (health === 'failed') this.republishLater(publication);
      else if (health === 'disconnected' && !cancelGrace) {
        // Often a brief network change that heals alone; if it does not, publish again from scratch.
        cancelGrace = this.link.platform.setTimer(() => {
          cancelGrace = null;
          if (isCurrent() && healthOf(pc) === 'disconnected') this.republishLater(publication);
        }, DISCONNECTED_GRACE_MS);
      }
    };
    this.onState(pc.connectionState);
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await iceGathered(pc, this.link.platform);
      if (!isCurrent()) return;
      const reply = await this.link.request('sfu.publish', {
        ...refOf(this.link),
        offer: pc.localDescription?.sdp ?? '',
      });
      if (!isCurrent()) {
        // Stopped meanwhile (not replaced by a newer publication, which takes the feed's place on the server): what
        // the server set up for this offer is not wanted.
        const isStopped = this.isClosed || (!this.stream && !this.publication);
        if (reply.ok && isStopped) quietly(this.link, 'sfu.unpublish', refOf(this.link));
        return;
      }
      if (!reply.ok) {
        console.warn('Publishing to the media server failed', reply.error);
        if (isTransient(reply.error)) this.republishLater(publication);
        else this.roundOver();
        return;
      }
      publication.isPublished = true;
      await pc.setRemoteDescription({ type: 'answer', sdp: reply.data.answer });
    } catch (error) {
      if (!isCurrent()) return;
      console.warn('Publishing to the media server failed', error);
      this.republishLater(publication);
    }
  }

  /** Closes a broken publication and publishes again after the next backoff step (no reload, no unpublish). */
  private republishLater(publication: TPublication): void {
    if (this.isClosed || this.publication !== publication) return;
    this.closeConnection(publication);
    const delay = retryDelay(this.retries++);
    this.onState('connecting');
    this.cancelTimer = this.link.platform.setTimer(() => {
      this.cancelTimer = null;
      if (!this.isClosed && this.stream && !this.publication) void this.publish();
    }, delay);
  }

  private cancelRetry(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private closeConnection(publication: TPublication): void {
    publication.pc.onconnectionstatechange = null;
    publication.pc.close();
    if (this.publication === publication) this.publication = null;
  }

  /** Ends a publication the person stopped (or the call ended): the server is told to drop the feed. */
  private end(publication: TPublication): void {
    this.closeConnection(publication);
    if (publication.isPublished) quietly(this.link, 'sfu.unpublish', refOf(this.link));
  }
}
