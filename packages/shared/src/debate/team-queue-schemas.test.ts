import { describe, expect, it } from 'vitest';
import { blockGraph, type TMeetingProfile } from './matchmaking.js';
import {
  PARTNER_LINK_TTL_MS,
  partnerLinkRefusal,
  partnerRefusal,
  queueMembersOf,
  ZAcceptPartnerLinkParams,
  ZCreatePartnerLinkRequest,
  ZJoinTeamQueueRequest,
} from './team-queue-schemas.js';

function messages(input: unknown): string[] {
  const result = ZJoinTeamQueueRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('ZJoinTeamQueueRequest', () => {
  it('reads a team with its partner, a solo debater and one-on-one practice', () => {
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'pf', mode: 'team', partnerIds: ['p1'] })).toEqual({
      formatId: 'pf',
      mode: 'team',
      partnerIds: ['p1'],
    });
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'parli', mode: 'solo' })).toMatchObject({ mode: 'solo' });
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'pf', mode: 'one-on-one' })).toMatchObject({ mode: 'one-on-one' });
  });

  it('without a mode queues as before teams: the ordinary queue, or one-on-one in a team format', () => {
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'ld' })).toMatchObject({ mode: 'solo', partnerIds: [] });
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'pf' })).toMatchObject({ mode: 'one-on-one' });
  });

  it('reads British Parliamentary teams of two and "find me a partner", never one-on-one (issue 41)', () => {
    // Seven-minute speeches unless the team chose five (the schools' length).
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'bp', mode: 'team', partnerIds: ['p1'] })).toEqual({
      formatId: 'bp',
      mode: 'team',
      partnerIds: ['p1'],
      speechMinutes: 7,
    });
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'bp', mode: 'solo', speechMinutes: 5 })).toMatchObject({
      speechMinutes: 5,
    });
    expect(messages({ formatId: 'bp', mode: 'solo', speechMinutes: 6 })).toEqual([
      'A British Parliamentary speech is seven or five minutes long.',
    ]);
    expect(messages({ formatId: 'pf', mode: 'solo', speechMinutes: 5 })).toEqual([
      'Public Forum speeches have the format’s own lengths: only British Parliamentary offers a choice.',
    ]);
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'pf', mode: 'solo' })).not.toHaveProperty('speechMinutes');
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'bp', mode: 'solo' })).toMatchObject({ mode: 'solo' });
    expect(messages({ formatId: 'bp', mode: 'team', partnerIds: ['p1', 'p2'] })).toEqual([
      'A British Parliamentary team is 2 debaters: choose 1 partner.',
    ]);
    const oneOnOne = 'British Parliamentary is debated by four teams of two: it has no one-on-one rounds.';
    expect(messages({ formatId: 'bp' })).toEqual([oneOnOne]);
    expect(messages({ formatId: 'bp', mode: 'one-on-one' })).toEqual([oneOnOne]);
    expect(ZCreatePartnerLinkRequest.safeParse({ formatId: 'bp' }).success).toBe(true);
  });

  it('reads one-on-one in a format of one debater a side as the ordinary mode', () => {
    expect(ZJoinTeamQueueRequest.parse({ formatId: 'ld', mode: 'one-on-one' })).toMatchObject({ mode: 'solo' });
  });

  it('refuses a partner twice, the wrong number of partners, partners out of team mode and teams in LD', () => {
    expect(messages({ formatId: 'pf', mode: 'team', partnerIds: ['p1', 'p1'] })).toEqual(['Choose each partner once.']);
    expect(messages({ formatId: 'pf', mode: 'team', partnerIds: ['p1', 'p2'] })).toEqual([
      'A Public Forum team is 2 debaters: choose 1 partner.',
    ]);
    expect(messages({ formatId: 'pf', mode: 'team' })).toEqual([
      'A Public Forum team is 2 debaters: choose 1 partner.',
    ]);
    expect(messages({ formatId: 'pf', mode: 'solo', partnerIds: ['p1'] })).toEqual([
      'Only a team queues with a partner.',
    ]);
    expect(messages({ formatId: 'ld', mode: 'team', partnerIds: ['p1'] })).toEqual([
      'Lincoln Douglas is one debater a side: queue without a partner.',
    ]);
    expect(messages({ formatId: 'pf', mode: 'pairs' })).toEqual([
      'Choose how to queue: with your partner, find me a partner, or one-on-one.',
    ]);
    expect(messages({ formatId: 'pf', mode: 'team', partnerIds: ['no spaces'] })).toEqual([
      'That partner is not a user.',
    ]);
  });

  it('refuses the debater as their own partner', () => {
    const request = ZJoinTeamQueueRequest.parse({ formatId: 'pf', mode: 'team', partnerIds: ['me'] });
    expect(queueMembersOf('me', request)).toEqual({ message: 'You cannot be your own partner.' });
    const other = ZJoinTeamQueueRequest.parse({ formatId: 'pf', mode: 'team', partnerIds: ['p1'] });
    expect(queueMembersOf('me', other)).toEqual({ userIds: ['me', 'p1'] });
  });
});

describe('partner links', () => {
  it('are made for team formats only, and accepted by a well-formed token', () => {
    expect(ZCreatePartnerLinkRequest.safeParse({ formatId: 'pf' }).success).toBe(true);
    expect(ZCreatePartnerLinkRequest.safeParse({ formatId: 'ld' }).error?.issues[0]?.message).toBe(
      'Lincoln Douglas is one debater a side: there is no partner to invite.',
    );
    expect(ZAcceptPartnerLinkParams.safeParse({ token: 'abcdefghijklmnop' }).success).toBe(true);
    expect(ZAcceptPartnerLinkParams.safeParse({ token: 'short' }).error?.issues[0]?.message).toBe(
      'That partner link is not valid.',
    );
  });

  it('work once, not for their maker, and expire', () => {
    const createdAt = '2026-12-01T10:00:00.000Z';
    const link = { creatorId: 'maker', createdAt, acceptedAt: null };
    const justBefore = new Date(Date.parse(createdAt) + PARTNER_LINK_TTL_MS - 1);
    expect(partnerLinkRefusal(link, 'friend', justBefore)).toBeNull();
    expect(partnerLinkRefusal(link, 'maker', justBefore)).toMatch(/your own partner link/);
    expect(partnerLinkRefusal({ ...link, acceptedAt: createdAt }, 'friend', justBefore)).toMatch(/already been used/);
    expect(partnerLinkRefusal(link, 'friend', new Date(Date.parse(createdAt) + PARTNER_LINK_TTL_MS))).toMatch(
      /expired/,
    );
  });
});

describe('partnerRefusal', () => {
  const minor: TMeetingProfile = { band: 'minor', teamIds: [] };
  const adult: TMeetingProfile = { band: 'adult', teamIds: [] };
  const none = blockGraph([]);

  it('refuses the same person, a blocked pair and a minor with an adult stranger', () => {
    expect(partnerRefusal({ userId: 'a', profile: adult }, { userId: 'a', profile: adult }, none)).toMatch(/own/);
    const blocked = blockGraph([{ blockerId: 'b', blockedId: 'a' }]);
    expect(partnerRefusal({ userId: 'a', profile: adult }, { userId: 'b', profile: adult }, blocked)).toMatch(
      /blocked/,
    );
    expect(partnerRefusal({ userId: 'a', profile: minor }, { userId: 'b', profile: adult }, none)).toMatch(/under 18/);
  });

  it('lets teammates of either age partner, and two minors', () => {
    const teamMinor = { ...minor, teamIds: [4] };
    const teamAdult = { ...adult, teamIds: [4] };
    expect(partnerRefusal({ userId: 'a', profile: teamMinor }, { userId: 'b', profile: teamAdult }, none)).toBeNull();
    expect(partnerRefusal({ userId: 'a', profile: minor }, { userId: 'b', profile: minor }, none)).toBeNull();
  });
});
