import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAck } from '@resolved/shared';
import { NO_REPLY_MESSAGE, isNoReply, replyData, request } from './socket';

/** Stands in for the Socket.IO client: records what is sent and answers as the test says. */
const fake = vi.hoisted(() => {
  const socket = {
    connected: true,
    limits: [] as number[],
    sent: [] as unknown[][],
    answer: (): Promise<unknown> => Promise.resolve({ ok: true, data: undefined }),
    on: () => socket,
    io: { on: () => undefined },
    timeout(ms: number) {
      socket.limits.push(ms);
      return socket;
    },
    emitWithAck(this: unknown, ...args: unknown[]) {
      if (this !== socket) throw new Error('emitWithAck called without its socket');
      socket.sent.push(args);
      return socket.answer();
    },
  };
  return socket;
});

vi.mock('socket.io-client', () => ({ io: () => fake }));

beforeEach(() => {
  fake.connected = true;
  fake.limits = [];
  fake.sent = [];
  fake.answer = () => Promise.resolve({ ok: true, data: undefined });
});

describe('request', () => {
  it('sends the event with its payload and resolves to the server’s acknowledgement', async () => {
    const message = { id: 7, text: 'hi' };
    fake.answer = () => Promise.resolve({ ok: true, data: { message } });

    const reply = await request('message.send', { clientId: crypto.randomUUID(), text: 'hi' });

    expect(fake.sent).toEqual([['message.send', { clientId: expect.any(String), text: 'hi' }]]);
    expect(reply).toEqual({ ok: true, data: { message } });
  });

  it('passes an error reply through as the server sent it', async () => {
    const refusal = { ok: false, error: { code: 'rate_limited', message: "You're sending messages too fast." } };
    fake.answer = () => Promise.resolve(refusal);

    const reply = await request('message.delete', { id: 3 });

    expect(reply).toEqual(refusal);
    expect(isNoReply(reply)).toBe(false);
  });

  it('gives each event its time limit: 8 s by default, 3 s for a clock ping, 10 s for chat messages', async () => {
    await request('debate.join', { debateId: 1 });
    await request('ping');
    await request('message.send', { clientId: crypto.randomUUID(), text: 'hi' });

    expect(fake.limits).toEqual([8000, 3000, 10_000]);
    expect(fake.sent[1]).toEqual(['ping']);
  });

  it('resolves to a timeout failure when the server does not answer in time', async () => {
    fake.answer = () => Promise.reject(new Error('operation has timed out'));

    const reply = await request('debate.start_speech', { debateId: 1 });

    expect(reply).toEqual({ ok: false, error: { code: 'timeout', message: NO_REPLY_MESSAGE } });
    expect(isNoReply(reply)).toBe(true);
  });

  it('resolves to a disconnected failure when the connection dropped before the answer', async () => {
    fake.answer = () => {
      fake.connected = false;
      return Promise.reject(new Error('socket has been disconnected'));
    };

    const reply = await request('chat.join', {});

    expect(reply).toEqual({ ok: false, error: { code: 'disconnected', message: NO_REPLY_MESSAGE } });
    expect(isNoReply(reply)).toBe(true);
  });

  it('types the payload and the reply from the event maps', async () => {
    fake.answer = () => Promise.resolve({ ok: true, data: { serverTime: 42 } });
    const reply = await request('ping');
    const serverTime: number = replyData(reply).serverTime;
    expect(serverTime).toBe(42);

    // Checked by `tsc` (npm run typecheck): each line would not compile without its directive.
    // @ts-expect-error `ping` carries no payload
    await request('ping', {});
    // @ts-expect-error `message.send` needs its payload
    await request('message.send');
    // @ts-expect-error `debate.leave` is not acknowledged, so it is not a request
    await request('debate.leave', { debateId: 1 });
    // @ts-expect-error a message id is a number
    await request('message.delete', { id: '3' });
  });
});

describe('replyData', () => {
  it('returns the data of a successful reply', () => {
    expect(replyData({ ok: true, data: { id: 3 } })).toEqual({ id: 3 });
  });

  it('throws the reply’s message otherwise, for the caller to show', () => {
    const reply: TAck<{ id: number }> = { ok: false, error: { code: 'forbidden', message: 'Not yours to delete.' } };
    expect(() => replyData(reply)).toThrow('Not yours to delete.');
  });
});
