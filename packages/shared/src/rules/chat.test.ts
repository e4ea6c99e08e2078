import { describe, expect, it } from 'vitest';
import { chatLockRefusal, chatPostRefusal, chatSlowModeRefusal } from './chat.js';
import { isBanActive } from './restriction.js';
import { isEstablishedAccount, newAccountChatLimit } from '../chat.js';

describe('refusals that say why', () => {
  it('refuses a banned author in any chat, while the ban holds', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isBanActive({ banned: 1, banExpires: null }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: '2026-01-02T00:00:00Z' }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: '2025-12-31T00:00:00Z' }, now)).toBe(false);
    expect(isBanActive({ banned: 0, banExpires: null }, now)).toBe(false);
    expect(isBanActive({ banned: null, banExpires: null }, now)).toBe(false);
    expect(chatPostRefusal({ banned: true, banExpires: null }, now)).toEqual({
      code: 'forbidden',
      reason: 'account_banned',
      message: 'This account has been banned.',
    });
    expect(chatPostRefusal({ banned: false, banExpires: null }, now)).toBeNull();
  });

  it('slows a new account in the community chat by age, and says when it may post again', () => {
    const minute = 60_000;
    expect(newAccountChatLimit(0)).toEqual({ messages: 6, windowMs: minute });
    expect(newAccountChatLimit(60 * minute - 1)).toEqual({ messages: 6, windowMs: minute });
    expect(newAccountChatLimit(60 * minute)).toEqual({ messages: 15, windowMs: minute });
    expect(newAccountChatLimit(24 * 60 * minute - 1)).toEqual({ messages: 15, windowMs: minute });
    expect(newAccountChatLimit(24 * 60 * minute)).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(chatSlowModeRefusal({ messages: 6, windowMs: minute }, now + 11_200, now)).toEqual({
      code: 'rate_limited',
      reason: 'chat_slow_mode',
      message: 'New accounts can send 6 messages a minute in the chat. You can post again in 12 seconds.',
    });
    expect(chatSlowModeRefusal({ messages: 15, windowMs: minute }, now + 300, now).message).toMatch(
      /15 messages a minute.*again in 1 second\.$/,
    );
  });

  it('lets only established accounts, moderators and admins post while the chat is locked', () => {
    const day = 24 * 60 * 60_000;
    expect(isEstablishedAccount({ accountAgeMs: day, hasCompletedRound: true })).toBe(true);
    expect(isEstablishedAccount({ accountAgeMs: day - 1, hasCompletedRound: true })).toBe(false);
    expect(isEstablishedAccount({ accountAgeMs: 30 * day, hasCompletedRound: false })).toBe(false);
    expect(chatLockRefusal({ role: 'user', isEstablished: false }, true)).toMatchObject({
      code: 'forbidden',
      reason: 'chat_locked',
    });
    expect(chatLockRefusal({ role: 'user', isEstablished: true }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'moderator', isEstablished: false }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'admin', isEstablished: false }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'user', isEstablished: false }, false)).toBeNull();
  });
});
