/**
 * Test helpers for the chat's socket protocol: a real Socket.IO client (WebSocket, like the browser) against
 * a listening app, with a typed `request` that resolves with the acknowledgement.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type TAck,
  type TChatMessage,
  type TClientToServerEvents,
  type TServerToClientEvents,
} from '@resolved/shared';

export type TTestSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

/** Starts the app on a free port (once) and returns its base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A connected client carrying `cookie` (a session) or none (a visitor). */
export async function connectClient(
  baseUrl: string,
  cookie?: string,
  options: { reconnectionDelay?: number } = {},
): Promise<TTestSocket> {
  const socket: TTestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { protocolVersion: PROTOCOL_VERSION },
    reconnectionDelay: options.reconnectionDelay ?? 50,
    reconnectionDelayMax: options.reconnectionDelay ?? 200,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type TAckOf<K extends keyof TClientToServerEvents> =
  Parameters<TClientToServerEvents[K]> extends [unknown, (reply: infer R) => void] ? R : never;

/**
 * Emits any request event by name and resolves with its acknowledgement (fails the test after 5 s without
 * one). For events with unknown or deliberately wrong payloads: security and debate tests.
 */
export function ask<T = unknown>(socket: TTestSocket, name: string, payload: unknown): Promise<TAck<T>> {
  return new Promise((resolve, reject) => {
    (socket.timeout(5000).emit as (n: string, p: unknown, cb: (err: Error | null, reply: TAck<T>) => void) => void)(
      name,
      payload,
      (err, reply) => (err ? reject(err) : resolve(reply)),
    );
  });
}

/** `ask`, typed for the chat's request events. */
export function request<K extends 'chat.join' | 'message.send' | 'message.delete'>(
  socket: TTestSocket,
  name: K,
  payload: unknown,
): Promise<TAckOf<K>> {
  return ask(socket, name, payload) as Promise<TAckOf<K>>;
}

/** Sends a message and returns the stored one (throws with the server's error otherwise). */
export async function send(socket: TTestSocket, text: string, clientId = randomUUID()): Promise<TChatMessage> {
  const reply = await request(socket, 'message.send', { clientId, text });
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data.message;
}

/** Records every message a client receives live (`messages.created`, in order) and every `message.deleted`. */
export function recordEvents(socket: TTestSocket) {
  const created: TChatMessage[] = [];
  const deleted: number[] = [];
  socket.on('messages.created', ({ messages }) => created.push(...messages));
  socket.on('message.deleted', ({ id }) => deleted.push(id));
  return { created, deleted };
}

/** Resolves once `check` is true (polling), or rejects after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves with the next event `name` the client receives. */
export function nextEvent<K extends keyof TServerToClientEvents>(
  socket: TTestSocket,
  name: K,
  timeoutMs = 3000,
): Promise<Parameters<TServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(name)} within ${timeoutMs} ms`)), timeoutMs);
    (socket.once as (n: string, l: (p: unknown) => void) => void)(name, (payload) => {
      clearTimeout(timer);
      resolve(payload as Parameters<TServerToClientEvents[K]>[0]);
    });
  });
}
