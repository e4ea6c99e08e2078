import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  GENERIC_ERROR_MESSAGE,
  protocolRefusal,
  REALTIME_ROOMS,
  type TAck,
  type TChatMessage,
  type TClientToServerEvents,
  type TServerToClientEvents,
  type TSessionClosedReason,
  type TSessionUser,
} from '@resolved/shared';
import type { TAppContext } from '../context';
import type { TServerEvent } from '../lib/events';
import { RoomDelivery } from './room-delivery';
import { sendChatMessages, type TChatEmitter } from './chat-fan-out';

export interface TSocketData {
  user: TSessionUser | null;
  /**
   * The rounds this socket receives feeds of through the media server (features/sfu): read across instances
   * (`fetchSockets`) to count a round's viewers.
   */
  sfuViewing?: number[];
}

/** Between instances: the server-side domain events (`TServerEvent`), through the adapter. */
type TInterServerEvents = { 'server.event': (event: TServerEvent) => void };
export type TRealtimeServer = Server<TClientToServerEvents, TServerToClientEvents, TInterServerEvents, TSocketData>;
export type TRealtimeSocket = Socket<TClientToServerEvents, TServerToClientEvents, TInterServerEvents, TSocketData>;

/**
 * A feature's socket handlers, registered for every connection (chat, debates…). `start` runs once the socket
 * server exists, before any connection; `close` runs when the app shuts down, before the sockets are disconnected and the Redis client closes: it stops the feature's timers.
 */
export type TSocketFeature = ((socket: TRealtimeSocket, io: TRealtimeServer) => void) & {
  /** Runs once when the socket server is up, before any connection: for work that must not wait for one. */
  start?: (io: TRealtimeServer) => void;
  close?: () => void;
};

/**
 * Hands a feature's socket handlers to the realtime module: each feature module adds its own while the app loads,
 * and `attachRealtime` attaches them all once every module is registered (`app.socketFeatures`, set up by app.ts).
 */
export function addSocketFeature(app: FastifyInstance, feature: TSocketFeature): void {
  app.socketFeatures.push(feature);
}

/** Answers a request's acknowledgement (its last argument, when it is a function) with an error. */
function answerPacket(packet: unknown[], error: { code: string; message: string }): void {
  const ack = packet[packet.length - 1];
  if (packet.length > 1 && typeof ack === 'function') (ack as (reply: TAck) => void)({ ok: false, error });
}

export interface TRealtimeOptions {
  /** Who is behind a handshake (the session cookie); null for visitors. */
  resolveUser: (headers: IncomingHttpHeaders) => Promise<TSessionUser | null>;
  features?: TSocketFeature[];
}

/** How often idle sockets have their session checked, so an expired session stops receiving pushes. */
const SESSION_SWEEP_MS = 60_000;

/**
 * Disconnects this instance's signed-in sockets whose session has ended (expired, revoked) without them
 * sending anything since: they would otherwise keep receiving members-only pushes. Returns how many closed.
 */
export async function closeEndedSessions(
  io: TRealtimeServer,
  resolveUser: TRealtimeOptions['resolveUser'],
): Promise<number> {
  let closed = 0;
  for (const socket of [...io.of('/').sockets.values()]) {
    const user = socket.data.user;
    if (!user || !socket.connected) continue;
    const current = await resolveUser(socket.request.headers);
    if (current?.id !== user.id) {
      socket.data.user = null;
      socket.disconnect(true);
      closed += 1;
    }
  }
  return closed;
}

/**
 * Socket.IO on the app's HTTP server. Delivers domain events to their rooms; with REDIS_URL the Redis
 * adapter fans them out to every instance. Closed with the app (graceful shutdown).
 */
export async function attachRealtime(app: FastifyInstance, context: TAppContext, options: TRealtimeOptions) {
  const io: TRealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // WebSocket only: no sticky sessions needed behind a load balancer with several instances.
    transports: ['websocket'],
    connectionStateRecovery: undefined,
    maxHttpBufferSize: 64 * 1024,
    // Another site's page must not open a socket that rides on the user's cookie: a browser handshake whose
    // Origin is neither a trusted origin nor this host is refused (clients without Origin, like tests, pass).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      if (origin === undefined) return callback(null, true);
      const isSameHost = URL.canParse(origin) && new URL(origin).host === request.headers.host;
      callback(null, isSameHost || context.config.trustedOrigins.includes(origin));
    },
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });

  let closeRedis: (() => Promise<void>) | undefined;
  if (context.config.redisUrl) {
    const pub = createClient({ url: context.config.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: context.config.redisKeyPrefix }));
    closeRedis = async () => {
      // Unsubscribe first: a request from another instance arriving after `pub` closed would make the
      // adapter answer on a closed client (an unhandled rejection).
      await sub.quit().catch(() => {});
      await pub.quit().catch(() => {});
    };
    app.log.info('realtime: Redis adapter enabled (multi-instance fan-out)');
  }

  for (const feature of options.features ?? []) feature.start?.(io);

  io.use(async (socket, next) => {
    // A client speaking another protocol version is refused before anything else (it offers a reload).
    const refusal = protocolRefusal((socket.handshake.auth as { protocolVersion?: unknown }).protocolVersion);
    if (refusal) return next(new Error(refusal));
    try {
      socket.data.user = await options.resolveUser(socket.request.headers);
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket handshake failed');
      next(new Error('internal_error'));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(REALTIME_ROOMS.public);
    const user = socket.data.user;
    if (user) void socket.join(REALTIME_ROOMS.user(user.id));
    socket.use((packet, next) => {
      revalidate(socket, packet).then(
        (isValid) => {
          if (isValid) next();
        },
        (err: unknown) => {
          app.log.error({ err }, 'socket session check failed');
          answerPacket(packet, { code: 'internal_error', message: GENERIC_ERROR_MESSAGE });
        },
      );
    });
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ ok: true, data: { serverTime: Date.now() } });
    });
    for (const feature of options.features ?? []) feature(socket, io);
  });

  /**
   * The session behind a socket is read again before every request (ping aside), like an HTTP request: a
   * role change applies to the next event, and a socket whose session ended (sign-out, expiry) is answered
   * `unauthenticated` and disconnected, leaving the members-only rooms; the client reconnects as a visitor.
   */
  async function revalidate(socket: TRealtimeSocket, packet: unknown[]): Promise<boolean> {
    const before = socket.data.user;
    if (!before || packet[0] === 'ping') return true;
    const now = await options.resolveUser(socket.request.headers);
    if (now && now.id === before.id) {
      socket.data.user = now;
      return true;
    }
    socket.data.user = null;
    answerPacket(packet, { code: 'unauthenticated', message: 'Your session has ended. Please sign in again.' });
    socket.disconnect(true);
    return false;
  }

  // Server-side events reach every instance: this one's go out through the adapter (with Redis; a lone instance has
  // no one to tell), the others' come in from it; each instance acts on them for its own sockets.
  const stopSending = context.events.subscribeServerOutgoing((event) => {
    if (context.config.redisUrl) io.serverSideEmit('server.event', event);
  });
  io.on('server.event', (event) => context.events.deliverServer(event));
  const stopActing = context.events.subscribeServer((event) => {
    if (event.name !== 'user.sessions_revoked') return;
    closeRevokedSessions(event.payload.userId, event.payload.reason).catch((err: unknown) =>
      app.log.warn({ err }, 'closing revoked sessions failed'),
    );
  });

  /**
   * The user's sockets on this instance that the door no longer lets in as them (that session signed out, the account
   * banned or deleted) are told why and closed; the client reconnects signed out. Their other sessions stay.
   */
  async function closeRevokedSessions(userId: string, reason: TSessionClosedReason): Promise<void> {
    for (const socket of await io.local.in(REALTIME_ROOMS.user(userId)).fetchSockets()) {
      const current = await options.resolveUser(socket.handshake.headers);
      if (current?.id === userId) continue;
      socket.data.user = null;
      socket.emit('session.closed', { reason });
      socket.disconnect(true);
    }
  }

  // Sign-out (and deleting the account) ends sessions server-side; the user's open sockets on them go at once, even
  // idle ones, on every instance.
  const endingPaths = new Map<string, TSessionClosedReason>([
    ['/api/auth/sign-out', 'signed_out'],
    ['/api/auth/revoke-session', 'signed_out'],
    ['/api/auth/revoke-sessions', 'signed_out'],
    ['/api/auth/revoke-other-sessions', 'signed_out'],
    ['/api/auth/delete-user', 'account_deleted'],
    ['/api/auth/delete-user/callback', 'account_deleted'],
  ]);
  const ending = new WeakMap<object, { user: Promise<TSessionUser | null>; reason: TSessionClosedReason }>();
  // Synchronous hooks: they run on every request and matter to the few paths above.
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = endingPaths.get(request.url.split('?')[0] ?? '');
    if (reason && (request.method === 'POST' || reason === 'account_deleted')) {
      ending.set(request, { user: options.resolveUser(request.headers).catch(() => null), reason });
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const pending = ending.get(request);
    if (!pending || reply.statusCode >= 400) return done();
    pending.user
      .then((user) => {
        if (user) {
          context.events.emitServer({
            name: 'user.sessions_revoked',
            payload: { userId: user.id, reason: pending.reason },
          });
        }
      })
      // As Fastify does with an async hook's error: logged, the answer has gone already.
      .catch((err: unknown) => request.log.error({ err }, 'announcing the ended sessions failed'))
      .finally(() => done());
  });

  // Community-chat messages go per recipient (blocks); with one instance, rooms nobody is in are known to be empty.
  const chatEmitter: TChatEmitter = {
    emit: (to, except, messages) => io.to(to).except(except).emit('messages.created', { messages }),
    mayHaveMembers: (rooms) => !!context.config.redisUrl || rooms.some((r) => io.of('/').adapter.rooms.has(r)),
  };
  // The union's name/payload pairing is checked where events are emitted.
  const delivery = new RoomDelivery((room, name, payload) => {
    if (name === 'messages.created' && room === REALTIME_ROOMS.chat) {
      sendChatMessages(chatEmitter, room, (payload as { messages: TChatMessage[] }).messages);
      return;
    }
    (io.to(room).emit as (name: string, payload: unknown) => boolean)(name, payload);
  });
  const unsubscribe = context.events.subscribe((event) => delivery.deliver(event));

  const sweep = setInterval(() => {
    closeEndedSessions(io, options.resolveUser).catch((err: unknown) =>
      app.log.warn({ err }, 'checking socket sessions failed'),
    );
  }, SESSION_SWEEP_MS);
  sweep.unref();

  app.addHook('preClose', async () => {
    clearInterval(sweep);
    for (const feature of options.features ?? []) feature.close?.();
    // This instance's sockets only: through the Redis adapter `io.disconnectSockets` reaches every instance.
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // Still subscribed until now: a message stored while the app was closing (a request that was in flight)
    // still reaches the other instances. What is held for a batch goes out before the adapter closes.
    unsubscribe();
    stopSending();
    stopActing();
    delivery.flush();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await closeRedis?.();
  });

  app.decorate('realtime', io);
  return io;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server (tests read the events a connection listens to from it). */
    realtime: TRealtimeServer;
    /** The socket features the modules added (`addSocketFeature`), in the order they were added. */
    socketFeatures: TSocketFeature[];
  }
}
