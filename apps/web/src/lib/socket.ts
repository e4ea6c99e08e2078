import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, type TClientToServerEvents, type TServerToClientEvents } from '@resolved/shared';
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

/** After sign-in or sign-out the handshake must carry the new session: reconnect. */
export function reconnectSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
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
