import { REALTIME_ROOMS } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context';
import { answer } from '../../realtime/ack';
import type { TRealtimeServer, TRealtimeSocket, TSocketFeature } from '../../realtime/realtime';
import { catchUp, deleteMessage, parseJoin, sendMessage } from './chat.service';
import { hiddenAuthorsFor } from '../blocks/blocks.service';

/** How long presence waits for the other instances' answers. */
const PRESENCE_TIMEOUT_MS = 1000;
/**
 * How long joins and leaves are gathered into one `chat.presence_changed` broadcast. Sending one per change
 * made joining O(n²): 1,000 joins sent half a million presence packets.
 */
export const PRESENCE_BROADCAST_MS = 250;

/**
 * The community chat's live room: who is in it (presence, counted across every instance through the adapter)
 * and the socket requests. Messages themselves reach the room as domain events emitted by the service.
 *
 * Presence is counted on demand and the counts are shared: a change (a join, a leave) asks for a count that
 * starts after it, so a joiner's acknowledgement is exact, while the changes that arrive during one count share
 * the next one. The room hears of the latest count at most once per PRESENCE_BROADCAST_MS (trailing, so the
 * last broadcast carries the count after the last change).
 */
export class ChatRoom {
  private counting?: Promise<number>;
  /** The count queued behind the one running: it starts when that one ends, for everyone who asked meanwhile. */
  private nextCount?: Promise<number>;
  private broadcastTimer?: ReturnType<typeof setTimeout>;
  private latestCount = 0;
  private isClosed = false;

  constructor(
    private readonly io: TRealtimeServer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * People in the chat now: distinct signed-in users with at least one socket in the room, on any instance.
   * An instance that does not answer in time (going away) must not hold up a join: then this instance's own
   * count is used until the next change.
   */
  async presence(): Promise<number> {
    const distinctUsers = (sockets: { data: { user: { id: string } | null } }[]) =>
      new Set(sockets.map((s) => s.data.user?.id).filter(Boolean)).size;
    // Shutting down: the other instances are not asked (the Redis client is about to close).
    if (this.isClosed) return distinctUsers(await this.io.local.in(REALTIME_ROOMS.chat).fetchSockets());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const everywhere = this.io.in(REALTIME_ROOMS.chat).fetchSockets();
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PRESENCE_TIMEOUT_MS);
    });
    try {
      const sockets = await Promise.race([everywhere.catch(() => undefined), timeout]);
      if (sockets) return distinctUsers(sockets);
      return distinctUsers(await this.io.local.in(REALTIME_ROOMS.chat).fetchSockets());
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Counts presence after a change (a count started after this call) and lets the room know, coalesced with
   * the other changes of the broadcast window. Resolves with the count, for the joiner's acknowledgement.
   */
  announcePresence(): Promise<number> {
    if (this.nextCount) return this.nextCount;
    if (!this.counting) return this.count();
    const next = this.counting.then(
      () => this.count(),
      () => this.count(),
    );
    this.nextCount = next;
    const clear = () => {
      if (this.nextCount === next) this.nextCount = undefined;
    };
    // Cleared as soon as it starts counting: a change after that needs a count of its own.
    this.counting.then(clear, clear);
    return next;
  }

  private count(): Promise<number> {
    const counting = this.presence().then((count) => {
      this.scheduleBroadcast(count);
      return count;
    });
    this.counting = counting;
    const clear = () => {
      if (this.counting === counting) this.counting = undefined;
    };
    counting.then(clear, clear);
    return counting;
  }

  private scheduleBroadcast(count: number): void {
    if (this.isClosed) return;
    this.latestCount = count;
    this.broadcastTimer ??= setTimeout(() => {
      this.broadcastTimer = undefined;
      if (this.isClosed) return;
      this.io.to(REALTIME_ROOMS.chat).emit('chat.presence_changed', { count: this.latestCount });
    }, PRESENCE_BROADCAST_MS);
  }

  async join(socket: TRealtimeSocket): Promise<number> {
    // Join BEFORE reading the database: a message stored meanwhile arrives as an event (merged by id).
    await socket.join(REALTIME_ROOMS.chat);
    return this.announcePresence();
  }

  async leave(socket: TRealtimeSocket): Promise<void> {
    await socket.leave(REALTIME_ROOMS.chat);
    await this.announcePresence();
  }

  /**
   * The app is shutting down: no more broadcasts (a pending one would go out after the Redis client closed),
   * and the disconnects that follow are a shutdown, not people leaving.
   */
  close(): void {
    this.isClosed = true;
    clearTimeout(this.broadcastTimer);
    this.broadcastTimer = undefined;
  }
}

/**
 * The chat's socket handlers, registered for every connection by the realtime module, which closes the feature
 * when the app shuts down (before it disconnects the sockets).
 */
export function chatSocketFeature(context: Pick<TAppContext, 'database' | 'events'>, log: FastifyBaseLogger) {
  let room: ChatRoom | undefined;
  const handle = (socket: TRealtimeSocket, io: TRealtimeServer) => {
    room ??= new ChatRoom(io, log);
    const chat = room;
    let isInChat = false;

    socket.on('chat.join', (payload, ack) =>
      answer(ack, log, async () => {
        // Checked first, so a refused join never enters the room.
        const request = parseJoin(socket.data.user, payload);
        const userId = socket.data.user!.id;
        // Into the rooms that keep the blocked users' messages away first, then into the chat.
        const hidden = await hiddenAuthorsFor(context, userId);
        await socket.join(hidden.map((id) => REALTIME_ROOMS.chatHiding(id)));
        isInChat = true;
        const presence = await chat.join(socket);
        const result = await catchUp(context, request, hidden);
        return { ...result, presence };
      }),
    );
    socket.on('chat.leave', () => {
      if (!isInChat) return;
      isInChat = false;
      for (const room of [...socket.rooms]) if (isHidingRoom(room)) void socket.leave(room);
      chat.leave(socket).catch((err: unknown) => log.warn({ err }, 'chat leave failed'));
    });
    socket.on('message.send', (payload, ack) =>
      answer(ack, log, async () => ({ message: await sendMessage(context, socket.data.user, payload) })),
    );
    socket.on('message.delete', (payload, ack) =>
      answer(ack, log, () => deleteMessage(context, socket.data.user, payload)),
    );
    socket.on('disconnect', () => {
      if (!isInChat) return;
      chat.announcePresence().catch((err: unknown) => log.warn({ err }, 'chat presence failed'));
    });
  };
  let stopBlocks: (() => void) | undefined;
  // A block made on any instance moves the blocker's chat sockets on this one into (or out of) the hiding room.
  const start = (io: TRealtimeServer) => {
    stopBlocks = context.events.subscribeServer((event) => {
      if (event.name !== 'user.blocks_changed') return;
      const { blockerId, blockedId, isBlocked } = event.payload;
      moveHidingSockets(io, blockerId, REALTIME_ROOMS.chatHiding(blockedId), isBlocked).catch((err: unknown) =>
        log.warn({ err }, 'updating chat blocks failed'),
      );
    });
  };
  const feature: TSocketFeature = Object.assign(handle, {
    start,
    close: () => {
      stopBlocks?.();
      room?.close();
    },
  });
  return feature;
}

const isHidingRoom = (room: string) => room.startsWith(REALTIME_ROOMS.chatHiding(''));

/** This instance's chat sockets of `userId` join (or leave) `hidingRoom`; sockets outside the chat are left alone. */
async function moveHidingSockets(io: TRealtimeServer, userId: string, hidingRoom: string, isJoining: boolean) {
  for (const socket of await io.local.in(REALTIME_ROOMS.user(userId)).fetchSockets()) {
    if (isJoining && socket.rooms.has(REALTIME_ROOMS.chat)) socket.join(hidingRoom);
    if (!isJoining) socket.leave(hidingRoom);
  }
}
