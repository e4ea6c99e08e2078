import { describe, expect, it } from 'vitest';
import { reasonPriority, ZCreateReportRequest } from './moderation.js';
import { formatUntil } from './time-words.js';
import { moderationTargetRefusal } from './rules/moderation.js';
import { muteRefusal, suspensionRefusal } from './rules/restriction.js';

describe('moderation rules', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('refuses a muted or suspended user only while it holds, saying until when in UTC', () => {
    const until = '2026-11-25T10:30:00.000Z';
    expect(muteRefusal({ mutedUntil: until }, now)?.message).toBe(
      'You are muted until 25 Nov 2026, 10:30 UTC. You cannot send messages until then.',
    );
    expect(muteRefusal({ mutedUntil: until }, Date.parse(until))).toBeNull();
    expect(muteRefusal({}, now)).toBeNull();
    expect(suspensionRefusal({ suspendedUntil: until }, now)).toMatchObject({ code: 'forbidden', reason: 'suspended' });
    expect(suspensionRefusal({ mutedUntil: until }, now)).toBeNull();
    expect(formatUntil('2027-01-02T03:04:00Z')).toBe('2 Jan 2027, 03:04 UTC');
  });

  it('lets moderators act on users only, admins on anyone but themselves, and no one else at all', () => {
    const mod = { id: 'm', role: 'moderator' as const };
    const admin = { id: 'a', role: 'admin' as const };
    expect(moderationTargetRefusal(mod, { id: 'u', role: 'user' })).toBeNull();
    expect(moderationTargetRefusal(mod, { id: 'm2', role: 'moderator' })?.reason).toBe('cannot_moderate_staff');
    expect(moderationTargetRefusal(mod, { id: 'a', role: 'admin' })).not.toBeNull();
    expect(moderationTargetRefusal(admin, { id: 'm', role: 'moderator' })).toBeNull();
    expect(moderationTargetRefusal(admin, { id: 'a', role: 'admin' })).not.toBeNull();
    expect(moderationTargetRefusal({ id: 'u', role: 'user' }, { id: 'v', role: 'user' })).not.toBeNull();
    expect(moderationTargetRefusal(null, { id: 'v', role: 'user' })).not.toBeNull();
  });

  it('puts child safety first, then hate, harassment and self-harm, then the rest', () => {
    expect(reasonPriority('child_safety')).toBeLessThan(reasonPriority('hate'));
    expect(reasonPriority('harassment')).toBe(reasonPriority('self_harm'));
    expect(reasonPriority('self_harm')).toBeLessThan(reasonPriority('spam'));
  });

  it('asks for words with "other" and for what is reported unless it is the user', () => {
    expect(ZCreateReportRequest.safeParse({ target: 'user', userId: 'u', reason: 'other' }).success).toBe(false);
    expect(ZCreateReportRequest.safeParse({ target: 'message', userId: 'u', reason: 'spam' }).success).toBe(false);
    expect(
      ZCreateReportRequest.safeParse({ target: 'evidence', userId: 'u', targetId: 1, reason: 'spam' }).success,
    ).toBe(false);
    expect(ZCreateReportRequest.safeParse({ target: 'user', userId: 'u', reason: 'spam' }).success).toBe(true);
  });
});
