import { REALTIME_ROOMS } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../app';
import { answer } from '../../realtime/ack';
import type { TRealtimeServer, TRealtimeSocket, TSocketFeature } from '../../realtime/realtime';
import { catchUp, deleteMessage, parseJoin, sendMessage } from './chat.service';

/** How long presence waits for the other instances' answers. */
const PRESENCE_TIMEOUT_MS = 1000;

/**
 * The community chat's live room: who is in it (presence, counted across every instance through the adapter)
 * and the socket requests. Messages themselves reach the room as domain events emitted by the service.
 */
export class ChatRoom {
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

  async announcePresence(): Promise<number> {
    const count = await this.presence();
    this.io.to(REALTIME_ROOMS.chat).emit('chat.presence_changed', { count });
    return count;
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
}

/** The chat's socket handlers, registered for every connection by the realtime module. */
export function chatSocketFeature(context: Pick<TAppContext, 'database' | 'events'>, log: FastifyBaseLogger) {
  let room: ChatRoom | undefined;
  const feature: TSocketFeature = (socket, io) => {
    room ??= new ChatRoom(io, log);
    const chat = room;
    let isInChat = false;

    socket.on('chat.join', (payload, ack) =>
      answer(ack, log, async () => {
        // Checked first, so a refused join never enters the room.
        const request = parseJoin(socket.data.user, payload);
        isInChat = true;
        const presence = await chat.join(socket);
        const result = await catchUp(context, request);
        return { ...result, presence };
      }),
    );
    socket.on('chat.leave', () => {
      if (!isInChat) return;
      isInChat = false;
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
  return feature;
}
