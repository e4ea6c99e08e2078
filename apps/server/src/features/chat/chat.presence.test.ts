/**
 * Chat presence, coalesced: counted after every change for the joiner's acknowledgement, broadcast to the room
 * once per window with the last count, and silent after shutdown. Against a stand-in for the Socket.IO server
 * whose answers the test controls; chat.socket.test.ts covers presence through real clients.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_ROOMS } from '@resolved/shared';
import type { TRealtimeServer } from '../../realtime/realtime';
import { ChatRoom, PRESENCE_BROADCAST_MS } from './chat.socket';

/** The users of the sockets in the chat room (one entry per socket); fetches can be held to answer later. */
function standInServer() {
  const state = {
    users: [] as string[],
    broadcasts: [] as number[],
    askedEveryInstance: 0,
    isHolding: false,
    held: [] as (() => void)[],
  };
  const fetchSockets = () => {
    // Like the in-memory adapter: the room as it is when asked.
    const sockets = state.users.map((id) => ({ data: { user: { id } } }));
    if (!state.isHolding) return Promise.resolve(sockets);
    return new Promise((resolve) => state.held.push(() => resolve(sockets)));
  };
  const io = {
    in: (room: string) => {
      expect(room).toBe(REALTIME_ROOMS.chat);
      state.askedEveryInstance += 1;
      return { fetchSockets };
    },
    local: { in: () => ({ fetchSockets }) },
    to: (room: string) => ({
      emit: (name: string, payload: { count: number }) => {
        expect([room, name]).toEqual([REALTIME_ROOMS.chat, 'chat.presence_changed']);
        state.broadcasts.push(payload.count);
      },
    }),
  } as unknown as TRealtimeServer;
  const release = async () => {
    for (const answer of state.held.splice(0)) answer();
    // Let the answered counts settle and the next ones start.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { io, state, release };
}

describe('ChatRoom presence', () => {
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers every change with an exact count and tells the room once per window, with the last count', async () => {
    const { io, state } = standInServer();
    const room = new ChatRoom(io, log);
    state.users.push('alice');
    const first = room.announcePresence();
    state.users.push('bob');
    const second = room.announcePresence();
    state.users.push('bob', 'carol');
    const third = room.announcePresence();
    expect(await first).toBe(1);
    expect(await second).toBe(3);
    expect(await third).toBe(3);
    expect(state.broadcasts).toEqual([]);
    vi.advanceTimersByTime(PRESENCE_BROADCAST_MS);
    expect(state.broadcasts).toEqual([3]);

    state.users.splice(state.users.indexOf('carol'), 1);
    expect(await room.announcePresence()).toBe(2);
    vi.advanceTimersByTime(PRESENCE_BROADCAST_MS);
    expect(state.broadcasts).toEqual([3, 2]);
  });

  it('does not answer a joiner with a count that started before they joined', async () => {
    const { io, state, release } = standInServer();
    const room = new ChatRoom(io, log);
    state.isHolding = true;
    state.users.push('alice');
    const before = room.announcePresence();
    state.users.push('bob');
    const joiner = room.announcePresence();
    await release();
    expect(await before).toBe(1);
    // The joiner's count starts only now, after the first one ended.
    await release();
    expect(await joiner).toBe(2);
    vi.advanceTimersByTime(PRESENCE_BROADCAST_MS);
    expect(state.broadcasts).toEqual([2]);
  });

  it('sends nothing once closed and no longer asks the other instances (their Redis client is closing)', async () => {
    const { io, state } = standInServer();
    const room = new ChatRoom(io, log);
    state.users.push('alice', 'bob');
    expect(await room.announcePresence()).toBe(2);
    room.close();
    vi.advanceTimersByTime(PRESENCE_BROADCAST_MS * 4);
    expect(state.broadcasts).toEqual([]);
    const asked = state.askedEveryInstance;
    state.users.pop();
    expect(await room.announcePresence()).toBe(1);
    vi.advanceTimersByTime(PRESENCE_BROADCAST_MS * 4);
    expect(state.broadcasts).toEqual([]);
    expect(state.askedEveryInstance).toBe(asked);
  });
});
