import { describe, expect, it } from 'vitest';
import { REALTIME_ROOMS, type TChatMessage } from '@resolved/shared';
import { sendChatMessages, type TChatEmitter } from './chat-fan-out';

const hiding = REALTIME_ROOMS.chatHiding;

/** Sockets as sets of rooms; an emit reaches those in any `to` room and in no `except` room (Socket.IO's rule). */
function fakeServer(sockets: Record<string, string[]>) {
  const received: Record<string, number[]> = Object.fromEntries(Object.keys(sockets).map((id) => [id, []]));
  let emits = 0;
  const emitter: TChatEmitter = {
    emit(to, except, messages) {
      emits += 1;
      for (const [id, rooms] of Object.entries(sockets)) {
        if (to.some((r) => rooms.includes(r)) && !except.some((r) => rooms.includes(r))) {
          received[id]!.push(...messages.map((m) => m.id));
        }
      }
    },
    mayHaveMembers: (rooms) => Object.values(sockets).some((own) => rooms.some((r) => own.includes(r))),
  };
  return { emitter, received, emits: () => emits };
}

const message = (id: number, userId: string) => ({ id, userId }) as TChatMessage;

describe('sendChatMessages', () => {
  it('gives each reader every message of the batch but those of the people they blocked, each once', () => {
    const chat = REALTIME_ROOMS.chat;
    const { emitter, received } = fakeServer({
      plain: [chat],
      hidesA: [chat, hiding('a')],
      hidesAB: [chat, hiding('a'), hiding('b')],
      // Not in the chat (so in no hiding room either: chat.socket.ts joins them only while in the chat).
      outside: [],
    });
    sendChatMessages(emitter, chat, [message(1, 'a'), message(2, 'b'), message(3, 'c'), message(4, 'a')]);
    expect(received.plain!.sort()).toEqual([1, 2, 3, 4]);
    expect(received.hidesA!.sort()).toEqual([2, 3]);
    expect(received.hidesAB!.sort()).toEqual([3]);
    expect(received.outside).toEqual([]);
  });

  it('sends one packet when nobody hides an author of the batch', () => {
    const chat = REALTIME_ROOMS.chat;
    const server = fakeServer({ plain: [chat], hidesZ: [chat, hiding('z')] });
    sendChatMessages(server.emitter, chat, [message(1, 'a'), message(2, 'b')]);
    expect(server.emits()).toBe(1);
    expect(server.received.hidesZ).toEqual([1, 2]);
  });
});
