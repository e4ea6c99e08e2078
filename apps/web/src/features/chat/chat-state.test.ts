import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@resolved/shared';
import {
  INITIAL_CHAT_STATE,
  addToOutbox,
  isRetryableFailure,
  lastMessageId,
  mergeMessages,
  removeMessages,
  setOutboxStatus,
} from './chat-state';

const message = (id: number, clientId = `c${id}`): TChatMessage => ({
  id,
  clientId,
  userId: 'u1',
  text: `m${id}`,
  displayName: 'Ada',
  role: 'user',
  timestamp: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});

describe('chat state', () => {
  it('merges by id: a message seen live and again in a catch-up shows once, in id order', () => {
    let state = mergeMessages(INITIAL_CHAT_STATE, [message(2), message(1)]);
    state = mergeMessages(state, [message(3)]);
    state = mergeMessages(state, [message(2), message(3), message(4)]);
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(lastMessageId(state)).toBe(4);
  });

  it('clears an outbox entry when its stored message arrives, whichever comes first', () => {
    let state = addToOutbox(INITIAL_CHAT_STATE, { clientId: 'mine', text: 'hi', status: 'sending', createdAt: 0 });
    state = mergeMessages(state, [message(7, 'other')]);
    expect(state.outbox).toHaveLength(1);
    state = mergeMessages(state, [message(8, 'mine')]);
    expect(state.outbox).toHaveLength(0);
  });

  it('does not bring back a deleted message from a catch-up in flight', () => {
    let state = mergeMessages(INITIAL_CHAT_STATE, [message(1), message(2)]);
    state = removeMessages(state, [2]);
    state = mergeMessages(state, [message(2), message(3)]);
    expect(state.messages.map((m) => m.id)).toEqual([1, 3]);
  });
});

describe('a failed message’s Retry', () => {
  it('is offered for no answer, a rate limit or a server failure, never for a refusal', () => {
    expect(isRetryableFailure(undefined)).toBe(true);
    expect(isRetryableFailure({ code: 'rate_limited' })).toBe(true);
    expect(isRetryableFailure({ code: 'internal_error' })).toBe(true);
    // The chat's lock is lifted live by an admin; a mute, a ban or a slur is refused again.
    expect(isRetryableFailure({ code: 'forbidden', reason: 'chat_locked' })).toBe(true);
    expect(isRetryableFailure({ code: 'forbidden', reason: 'muted' })).toBe(false);
    expect(isRetryableFailure({ code: 'forbidden', reason: 'account_banned' })).toBe(false);
    expect(isRetryableFailure({ code: 'validation_failed', reason: 'text_refused' })).toBe(false);
  });

  it('is kept on the outbox item with its reason', () => {
    let state = addToOutbox(INITIAL_CHAT_STATE, { clientId: 'c1', text: 'hi', status: 'sending', createdAt: 1 });
    state = setOutboxStatus(state, 'c1', 'failed', 'You are muted until Nov 27, 4:11 PM.', false);
    expect(state.outbox[0]).toMatchObject({
      status: 'failed',
      canRetry: false,
      error: expect.stringContaining('muted'),
    });
    state = setOutboxStatus(state, 'c1', 'sending');
    expect(state.outbox[0]).toMatchObject({ status: 'sending', canRetry: true, error: undefined });
  });
});
