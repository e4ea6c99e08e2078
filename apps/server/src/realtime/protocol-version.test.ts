/**
 * The socket handshake carries the protocol version: a tab older than the server is refused with
 * `client_too_old` (it then offers a reload), a newer one with `server_too_old`; the current one connects.
 */
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, protocolRefusal } from '@resolved/shared';
import { createTestApp, type TTestApp } from '../test/harness';
import { listenOnFreePort } from '../features/chat/chat-test-client';

describe('protocolRefusal', () => {
  it('refuses older, missing and malformed versions as too old, and newer ones as the server being too old', () => {
    expect(protocolRefusal(PROTOCOL_VERSION)).toBeNull();
    expect(protocolRefusal(PROTOCOL_VERSION - 1)).toBe('client_too_old');
    expect(protocolRefusal(undefined)).toBe('client_too_old');
    expect(protocolRefusal('2')).toBe('client_too_old');
    expect(protocolRefusal(PROTOCOL_VERSION + 1)).toBe('server_too_old');
  });
});

describe('socket handshake', () => {
  let t: TTestApp;
  let baseUrl: string;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => t.close());

  const connect = (auth: Record<string, unknown>) =>
    new Promise<string>((resolve) => {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth,
      });
      socket.once('connect', () => (socket.disconnect(), resolve('connected')));
      socket.once('connect_error', (error) => (socket.disconnect(), resolve(error.message)));
    });

  it('accepts the current protocol and refuses an old or a future one with the reason', async () => {
    expect(await connect({ protocolVersion: PROTOCOL_VERSION })).toBe('connected');
    expect(await connect({})).toBe('client_too_old');
    expect(await connect({ protocolVersion: PROTOCOL_VERSION - 1 })).toBe('client_too_old');
    expect(await connect({ protocolVersion: PROTOCOL_VERSION + 1 })).toBe('server_too_old');
  });
});
