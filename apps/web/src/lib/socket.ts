import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, type TAck, type TClientToServerEvents, type TServerToClientEvents } from '@resolved/shared';
import { ReplyError } from './api';
import { showReloadPrompt } from './reload-prompt';

export type TAppSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

let socket: TAppSocket | undefined;
const statusListeners = new Set<() => void>();

/** One Socket.IO connection per tab, opened on first use; it carries the session cookie. */
export function getSocket(): TAppSocket {
  if (!socket) {
    socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      auth: { protocolVersion: PROTOCOL_VERSION },
    });
    // This tab speaks an older protocol than the server (a deploy happened while it was open): offer a reload
    // rather than talk past each other. A newer tab than the server (mid-deploy) keeps retrying.
    socket.on('connect_error', (error) => {
      if (error.message === 'client_too_old') showReloadPrompt();
      else if (error.message === 'server_too_old') setTimeout(() => socket?.connect(), 5000);
    });
    const notify = () => statusListeners.forEach((l) => l());
    socket.on('connect', notify);
    socket.on('disconnect', notify);
    socket.io.on('reconnect_attempt', notify);
  }
  return socket;
}

/**
 * Closes the connection for good (until `reconnectSocket`): before signing out, so that the server's dropping of the
 * session's sockets does not set off an automatic reconnection that still believes itself signed in.
 */
export function disconnectSocket(): void {
  socket?.disconnect();
}

/** After sign-in or sign-out the handshake must carry the new session: reconnect. */
export function reconnectSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

/** The parameters of a client → server event: its payload (none for `ping`) and, for a request, the ack last. */
type TEventParams<K extends keyof TClientToServerEvents> = Parameters<TClientToServerEvents[K]>;

/** What the server acknowledges an event with, or never for an event it does not acknowledge. */
type TReplyOf<P> = P extends [...unknown[], (reply: infer R) => void] ? R : never;

/** The client → server events the server acknowledges: everything but `chat.leave` and `debate.leave`. */
export type TRequestName = {
  [K in keyof TClientToServerEvents]: [TReplyOf<TEventParams<K>>] extends [never] ? never : K;
}[keyof TClientToServerEvents];

/** A request's payload as arguments: `[payload]`, or `[]` for `ping`. */
export type TRequestPayload<K extends TRequestName> = TEventParams<K> extends [...infer P, unknown] ? P : never;

/** Why a request got no reply: the time ran out, or the connection dropped (or was down) before the answer. */
export type TNoReplyCode = 'timeout' | 'disconnected';
const NO_REPLY_CODES: readonly string[] = ['timeout', 'disconnected'] satisfies TNoReplyCode[];

/** What a request's successful acknowledgement carries. */
export type TRequestData<K extends TRequestName> = Extract<TReplyOf<TEventParams<K>>, { ok: true }>['data'];

export const NO_REPLY_MESSAGE = 'The server did not answer. Check your connection.';

/** How long a request waits for its acknowledgement, unless its event is listed in REQUEST_TIMEOUTS_MS. */
const REQUEST_TIMEOUT_MS = 8000;

const REQUEST_TIMEOUTS_MS: Partial<Record<TRequestName, number>> = {
  // A clock sample that comes back late is worthless: give up on it soon.
  ping: 3000,
  // How long a chat message may show "Sending…" before it shows as not sent.
  'message.send': 10_000,
  'message.delete': 10_000,
};

/**
 * Sends a client → server event and waits for its acknowledgement, within the event's time limit. The payload and
 * the reply are typed from the event maps in `@resolved/shared`. It never rejects: no reply in time, or the connection
 * dropping first, resolves to `{ ok: false }` with a `TNoReplyCode` and NO_REPLY_MESSAGE, like an error reply.
 */
export async function request<K extends TRequestName>(
  name: K,
  ...payload: TRequestPayload<K>
): Promise<TAck<TRequestData<K>>> {
  const s = getSocket();
  const timed = s.timeout(REQUEST_TIMEOUTS_MS[name] ?? REQUEST_TIMEOUT_MS);
  try {
    // Socket.IO's typing of `timeout().emitWithAck` loses the reply type (its acks gain an error argument): the
    // payload and the reply are checked against the event maps by this function's signature instead.
    const emitWithAck = timed.emitWithAck.bind(timed) as (
      name: K,
      ...args: TRequestPayload<K>
    ) => Promise<TAck<TRequestData<K>>>;
    return await emitWithAck(name, ...payload);
  } catch {
    const code: TNoReplyCode = s.connected ? 'timeout' : 'disconnected';
    return { ok: false, error: { code, message: NO_REPLY_MESSAGE } };
  }
}

/** Whether a failed reply is a request that got no answer (rather than an error the server sent). */
export function isNoReply(reply: TAck<unknown>): boolean {
  return !reply.ok && NO_REPLY_CODES.includes(reply.error.code);
}

/** The data of a successful reply; otherwise throws a `ReplyError` (its message for the caller to show, `formErrors`). */
export function replyData<T>(reply: TAck<T>): T {
  if (!reply.ok) {
    const { code, message, details, reason } = reply.error;
    throw new ReplyError(code, message, details, reason);
  }
  return reply.data;
}

/** Subscribe to a server → client event for the lifetime of the component. The handler may change freely. */
export function useSocketEvent<K extends keyof TServerToClientEvents>(
  name: K,
  handler: TServerToClientEvents[K],
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const s = getSocket();
    const listener = ((...args: Parameters<TServerToClientEvents[K]>) =>
      (handlerRef.current as (...a: typeof args) => void)(...args)) as never;
    s.on(name, listener);
    return () => {
      s.off(name, listener);
    };
  }, [name]);
}

/**
 * Calls `onConnected` whenever the realtime connection is up: on mounting if it already is, and at every
 * (re)connection. Unlike `useSocketConnected`, the component does not render again for it.
 */
export function useSocketConnectedEffect(onConnected: () => void): void {
  const callbackRef = useRef(onConnected);
  useEffect(() => {
    callbackRef.current = onConnected;
  });
  useEffect(() => {
    const s = getSocket();
    const handleConnect = () => callbackRef.current();
    if (s.connected) handleConnect();
    s.on('connect', handleConnect);
    return () => {
      s.off('connect', handleConnect);
    };
  }, []);
}

/** Whether the realtime connection is up (for "reconnecting…" banners). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      getSocket();
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    // Read without opening: the connection opens on subscribing, after the render, not during it.
    () => socket?.connected ?? false,
    () => false,
  );
}
