import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_ROOMS, type TChatMessage, type TTournamentPart } from '@resolved/shared';
import type { TDomainEvent } from '../lib/events';
import { RoomDelivery, SETTLE_MS } from './room-delivery';

const chat = REALTIME_ROOMS.chat;

function message(id: number): TChatMessage {
  return {
    id,
    clientId: `client-${id}`,
    userId: 'u1',
    text: `message ${id}`,
    displayName: 'Alice',
    role: 'user',
    timestamp: new Date(0).toISOString(),
  };
}

const created = (id: number, room: string = chat): TDomainEvent => ({
  name: 'messages.created',
  room,
  payload: { messages: [message(id)] },
});

describe('RoomDelivery', () => {
  let sent: { room: string; name: string; payload: unknown }[];
  let delivery: RoomDelivery;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    delivery = new RoomDelivery((room, name, payload) => sent.push({ room, name, payload }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ids = (i: number) => (sent[i]!.payload as { messages: TChatMessage[] }).messages.map((m) => m.id);

  it('sends the messages stored in one turn of the event loop as one packet, in order', () => {
    for (const id of [1, 2, 3]) delivery.deliver(created(id));
    expect(sent).toEqual([]);
    vi.runAllTimers();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ room: chat, name: 'messages.created' });
    expect(ids(0)).toEqual([1, 2, 3]);
  });

  it('starts a new batch in the next turn once a batch has gone out', () => {
    delivery.deliver(created(1));
    vi.runAllTimers();
    delivery.deliver(created(2));
    delivery.deliver(created(3));
    expect(sent).toHaveLength(1);
    vi.runAllTimers();
    expect(sent).toHaveLength(2);
    expect(ids(1)).toEqual([2, 3]);
  });

  it('sends a held batch before any other event to the same room, so a deletion never overtakes its message', () => {
    delivery.deliver(created(1));
    delivery.deliver({ name: 'message.deleted', room: chat, payload: { id: 1 } });
    expect(sent.map((s) => s.name)).toEqual(['messages.created', 'message.deleted']);
    expect(ids(0)).toEqual([1]);
    vi.runAllTimers();
    expect(sent).toHaveLength(2);
  });

  it('keeps rooms apart, and sends events that are not batched at once', () => {
    delivery.deliver(created(1));
    delivery.deliver({ name: 'room.deleted', room: REALTIME_ROOMS.public, payload: { roomId: 7 } });
    expect(sent).toEqual([{ room: REALTIME_ROOMS.public, name: 'room.deleted', payload: { roomId: 7 } }]);
    delivery.deliver(created(2, 'chat:other'));
    vi.runAllTimers();
    expect(sent.slice(1).map((s) => s.room)).toEqual([chat, 'chat:other']);
  });

  it('flushes every held batch exactly once when asked (shutdown)', () => {
    delivery.deliver(created(1));
    vi.runAllTimers();
    delivery.deliver(created(2));
    delivery.deliver(created(3));
    delivery.flush();
    expect(sent).toHaveLength(2);
    expect(ids(1)).toEqual([2, 3]);
    vi.runAllTimers();
    delivery.flush();
    expect(sent).toHaveLength(2);
  });
});

describe('RoomDelivery: throttled hints (tournament.changed)', () => {
  let sent: { room: string; name: string; payload: unknown }[];
  let delivery: RoomDelivery;
  const changed = (tournamentId: number, parts: TTournamentPart[] = ['tab']): TDomainEvent => ({
    name: 'tournament.changed',
    room: REALTIME_ROOMS.tournament(tournamentId),
    payload: { tournamentId, parts },
  });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    delivery = new RoomDelivery((room, name, payload) => sent.push({ room, name, payload }));
  });
  afterEach(() => {
    delivery.flush();
    vi.useRealTimers();
  });

  it('sends a burst once, after it settles, and then at most once a second with the last change', () => {
    for (let i = 0; i < 5; i++) delivery.deliver(changed(1));
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(sent).toEqual([
      { room: 'tournament:1', name: 'tournament.changed', payload: { tournamentId: 1, parts: ['tab'] } },
    ]);
    // A change every 100 ms for 3 s: one event a second, the last change never lost.
    for (let t = 0; t < 30; t++) {
      vi.advanceTimersByTime(100);
      delivery.deliver(changed(1));
    }
    vi.advanceTimersByTime(5000);
    const times = sent.length;
    expect(times).toBeGreaterThanOrEqual(4);
    expect(times).toBeLessThanOrEqual(5);
  });

  it('keeps each tournament to its own interval', () => {
    delivery.deliver(changed(1));
    delivery.deliver(changed(2));
    vi.advanceTimersByTime(SETTLE_MS);
    expect(sent.map((s) => s.room).sort()).toEqual(['tournament:1', 'tournament:2']);
    delivery.deliver(changed(1));
    vi.advanceTimersByTime(999 - SETTLE_MS);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1 + SETTLE_MS);
    expect(sent).toHaveLength(3);
  });

  it('names every part changed since the last one sent, once each', () => {
    delivery.deliver(changed(1, ['results', 'tab']));
    vi.advanceTimersByTime(SETTLE_MS);
    delivery.deliver(changed(1, ['entrants']));
    delivery.deliver(changed(1, ['results', 'tab']));
    delivery.deliver(changed(1, ['tab', 'schedule']));
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => (s.payload as { parts: string[] }).parts)).toEqual([
      ['results', 'tab'],
      ['entrants', 'results', 'tab', 'schedule'],
    ]);
    // The next interval starts afresh: only what changed in it.
    delivery.deliver(changed(1, ['rounds']));
    vi.advanceTimersByTime(1000);
    expect((sent[2]!.payload as { parts: string[] }).parts).toEqual(['rounds']);
  });

  it('sends what is planned on flush (shutdown)', () => {
    delivery.deliver(changed(3));
    delivery.flush();
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
  });
});
