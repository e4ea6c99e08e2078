/**
 * This instance's handles on the media server (Janus), by socket: each publication and each subscription its sockets
 * made. A subscription is a spectator's (a viewer, counted by the viewer limit, dropped when watching ends) or a
 * participant's (a debater or judge of a round whose call goes through the media server: never counted as a viewer,
 * and kept when spectators stop being let in). A socket's `data.sfuViewing` lists the rounds it views as a spectator,
 * which the viewer limit counts across instances.
 */
import { randomUUID } from 'node:crypto';
import { REALTIME_ROOMS } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TJanusPeer } from '../../lib/janus/janus-client';
import type { TRealtimeServer, TRealtimeSocket } from '../../realtime/realtime';

export interface TPeerEntry {
  id: string;
  debateId: number;
  userId: string;
  kind: 'publication' | 'subscription';
  /** A subscription of one of the round's debaters or judges (not a spectator's). */
  isParticipant: boolean;
  /** A subscription's feed: whose media it carries (the prep huddle's rule reads it). */
  feedUserId: string | null;
  /** Whether Janus relays the subscription's audio now (its default when it is made). */
  isAudioSent: boolean;
  peer: TJanusPeer;
  socket: TRealtimeSocket;
}

export type TNewPeerEntry = Omit<TPeerEntry, 'id' | 'isAudioSent'>;

const isViewing = (entry: TPeerEntry) => entry.kind === 'subscription' && !entry.isParticipant;

export class SfuPeers {
  private readonly entries = new Map<string, TPeerEntry>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly emitFeedsChanged: (debateId: number) => void,
  ) {}

  add(entry: TNewPeerEntry): TPeerEntry {
    const added = { ...entry, id: randomUUID(), isAudioSent: true };
    this.entries.set(added.id, added);
    if (isViewing(added)) this.markViewing(entry.socket, entry.debateId);
    return added;
  }

  subscription(socket: TRealtimeSocket, debateId: number, id: string): TPeerEntry | undefined {
    const entry = this.entries.get(id);
    const isTheirs = entry?.socket.id === socket.id && entry.debateId === debateId && entry.kind === 'subscription';
    return isTheirs ? entry : undefined;
  }

  /** Whether the handle is still kept (not dropped meanwhile). */
  has(entry: TPeerEntry): boolean {
    return this.entries.get(entry.id) === entry;
  }

  list(match: (entry: TPeerEntry) => boolean): TPeerEntry[] {
    return [...this.entries.values()].filter(match);
  }

  /** Closes the matching handles; publications closed tell their rounds' viewers. */
  async drop(match: (entry: TPeerEntry) => boolean): Promise<TPeerEntry[]> {
    const dropped = [...this.entries.values()].filter(match);
    for (const entry of dropped) this.entries.delete(entry.id);
    const rounds = new Set<number>();
    for (const entry of dropped) {
      if (entry.kind === 'publication') rounds.add(entry.debateId);
      else this.syncViewing(entry.socket, entry.debateId);
    }
    await Promise.all(
      dropped.map((entry) =>
        entry.peer.close().catch((err: unknown) => this.log.warn({ err }, 'sfu: closing a handle failed')),
      ),
    );
    for (const debateId of rounds) this.emitFeedsChanged(debateId);
    return dropped;
  }

  /** The session with Janus is gone, and every handle with it. */
  forgetAll(): void {
    const sockets = new Set([...this.entries.values()].map((e) => e.socket));
    this.entries.clear();
    for (const socket of sockets) socket.data.sfuViewing = [];
  }

  /** The spectators viewing the round's feeds now, counted over its sockets on every instance. */
  static async viewersOf(io: TRealtimeServer, debateId: number): Promise<Set<string>> {
    const sockets = await io.in(REALTIME_ROOMS.debate(String(debateId))).fetchSockets();
    return new Set(
      sockets.filter((s) => s.data.user && s.data.sfuViewing?.includes(debateId)).map((s) => s.data.user!.id),
    );
  }

  private markViewing(socket: TRealtimeSocket, debateId: number): void {
    const viewing = socket.data.sfuViewing ?? [];
    if (!viewing.includes(debateId)) socket.data.sfuViewing = [...viewing, debateId];
  }

  private syncViewing(socket: TRealtimeSocket, debateId: number): void {
    const stillViewing = [...this.entries.values()].some(
      (e) => e.socket.id === socket.id && e.debateId === debateId && isViewing(e),
    );
    if (!stillViewing) socket.data.sfuViewing = (socket.data.sfuViewing ?? []).filter((id) => id !== debateId);
  }
}
