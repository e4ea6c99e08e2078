/**
 * Partners (issue 40): who a debater may name as their partner in a team format (a teammate, or the other side of a
 * partner link accepted in the last 24 hours), partner links, and the checks a team join passes before it is written.
 * Both partners press join naming each other: the team waits for opponents once every member has
 * (docs/decisions.md, "Partners queue together").
 */
import { randomBytes } from 'node:crypto';
import {
  ageDoorRefusal,
  FORMATS,
  PARTNER_LINK_TTL_MS,
  partnerLinkRefusal,
  partnerRefusal,
  queueMembersOf,
  REALTIME_ROOMS,
  suspensionRefusal,
  type TFormatId,
  type TPartnerChoice,
  type TPartnerLinkView,
  type TQueueMode,
  type TQueuePartner,
  type TQueuePartnerInvite,
  type TSessionUser,
} from '@resolved/shared';
import { AppError, refuse } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import * as repo from '../debates/rounds.service';
import { db, nowMs } from '../debates/round-row';
import { blockGraphAmong } from '../blocks/blocks.service';
import { memberIdsOf, teamIdsOfUsers } from '../memberships/memberships.service';
import { seatRefusalsAmong } from '../users/seats';
import { findUserNames } from '../users/users.service';
import * as mmRepo from './matchmaking.repository';
import { meetingProfilesOf } from './meeting';
import * as linkRepo from './partner-links.repository';

/** The people `userId` may name as a partner in `formatId`: teammates first, then accepted links' other sides. */
export async function partnerChoicesOf(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  userId: string,
  formatId: TFormatId,
): Promise<TPartnerChoice[]> {
  const tx = db(deps);
  const since = new Date(nowMs(deps) - PARTNER_LINK_TTL_MS).toISOString();
  const [teams, links] = await Promise.all([
    teamIdsOfUsers(tx, [userId]),
    linkRepo.listAcceptedLinksOf(tx, userId, formatId, since),
  ]);
  const via = new Map<string, TPartnerChoice['via']>();
  for (const teamId of teams.get(userId) ?? []) {
    for (const id of await memberIdsOf(tx, teamId)) if (id !== userId) via.set(id, 'teammate');
  }
  for (const link of links) {
    const other = link.creatorId === userId ? link.accepterId : link.creatorId;
    if (other && !via.has(other)) via.set(other, 'link');
  }
  const names = await findUserNames(tx, [...via.keys()]);
  return [...via]
    .filter(([id]) => names.has(id))
    .map(([id, how]) => ({ userId: id, displayName: names.get(id)!, via: how }))
    .sort((a, b) => (a.via === b.via ? a.displayName.localeCompare(b.displayName) : a.via === 'teammate' ? -1 : 1));
}

/**
 * Why `userId` may not be partners with `partnerId` now, or null: the pair rule (`partnerRefusal`: the same person, a
 * block, ages that may not meet) and the seat rule (a ban or a suspension of the partner), read at once.
 */
async function pairRefusal(deps: Pick<TDebatesDeps, 'database' | 'now'>, userId: string, partnerId: string) {
  const tx = db(deps);
  const [isBlocked, profiles, unseatable, names] = await Promise.all([
    blockGraphAmong(tx, [userId, partnerId]),
    meetingProfilesOf(tx, [userId, partnerId]),
    seatRefusalsAmong(tx, [partnerId], nowMs(deps)),
    findUserNames(tx, [partnerId]),
  ]);
  const message = partnerRefusal(
    { userId, profile: profiles.get(userId)! },
    { userId: partnerId, profile: profiles.get(partnerId)! },
    isBlocked,
  );
  if (message) return new AppError('forbidden', message);
  if (unseatable.has(partnerId) || !names.has(partnerId)) {
    const name = names.get(partnerId) ?? 'That debater';
    return new AppError('forbidden', `${name} cannot debate right now, so you cannot be partners.`);
  }
  return null;
}

/**
 * Whether `userId` may stand with `partnerIds` as one team of `formatId` now (a queue join or a challenge between
 * teams): each partner is one they may name (`partnerChoicesOf`: a teammate or an accepted link), may be their partner
 * (`pairRefusal`) and is in no round now. Throws the first refusal (403 or 409).
 */
export async function checkPartners(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  userId: string,
  formatId: TFormatId,
  partnerIds: readonly string[],
  purpose: 'queue' | 'challenge',
): Promise<void> {
  if (partnerIds.includes(userId)) throw new AppError('validation_failed', 'You cannot be your own partner.');
  const choices = new Set((await partnerChoicesOf(deps, userId, formatId)).map((c) => c.userId));
  const names = await findUserNames(db(deps), [...partnerIds]);
  for (const partnerId of partnerIds) {
    if (!choices.has(partnerId)) {
      throw new AppError(
        'forbidden',
        `You can ${purpose} with a teammate, or with someone who accepted your ${FORMATS[formatId].name} partner link (or whose link you accepted).`,
      );
    }
    const refusal = await pairRefusal(deps, userId, partnerId);
    if (refusal) throw refusal;
    if ((await repo.findActiveDebateId(db(deps), partnerId)) !== null) {
      throw new AppError('conflict', `${names.get(partnerId) ?? 'That debater'} is in a debate right now.`);
    }
  }
}

/**
 * The checks on a team join before it is written (nothing is written when one fails): every partner is one the
 * debater may name (`partnerChoicesOf`), may be their partner (`pairRefusal`), is in no round now, and is not waiting
 * in the queue another way (one-on-one, alone, in another format or with someone else).
 */
export async function checkTeamJoin(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  userId: string,
  formatId: TFormatId,
  partnerIds: readonly string[],
): Promise<void> {
  const members = queueMembersOf(userId, { formatId, mode: 'team', partnerIds: [...partnerIds] });
  if ('message' in members) throw new AppError('validation_failed', members.message);
  await checkPartners(deps, userId, formatId, partnerIds, 'queue');
  const names = await findUserNames(db(deps), [...partnerIds]);
  const nameOf = (id: string) => names.get(id) ?? 'That debater';
  const team = new Set([userId, ...partnerIds]);
  for (const row of await mmRepo.listQueueEntriesOf(db(deps), partnerIds)) {
    const named = mmRepo.decodePartnerIds(row.partnerIds);
    const isSameTeam =
      row.formatId === formatId &&
      row.mode === 'team' &&
      named.length === team.size - 1 &&
      named.every((id) => team.has(id) && id !== row.userId);
    if (isSameTeam) continue;
    const how =
      row.formatId !== formatId
        ? `for ${FORMATS[row.formatId].name}`
        : row.mode === 'one-on-one'
          ? 'for a one-on-one round: a one-on-one debater cannot join a team'
          : row.mode === 'solo'
            ? 'for a partner the queue finds'
            : 'with another partner';
    throw new AppError('conflict', `${nameOf(row.userId)} is waiting in the queue ${how}.`);
  }
}

function viewOf(
  link: { token: string; formatId: TFormatId; createdAt: string; acceptedAt: string | null },
  creator: { userId: string; displayName: string },
  atMs: number,
): TPartnerLinkView {
  const expiresMs = Date.parse(link.createdAt) + PARTNER_LINK_TTL_MS;
  return {
    token: link.token,
    formatId: link.formatId,
    creator,
    expiresAt: new Date(expiresMs).toISOString(),
    status: link.acceptedAt !== null ? 'accepted' : atMs >= expiresMs ? 'expired' : 'open',
  };
}

/** A new partner link for a team format: anyone the rules allow may accept it once within 24 hours. */
export async function createPartnerLink(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  user: TSessionUser,
  formatId: TFormatId,
): Promise<TPartnerLinkView> {
  refuse(ageDoorRefusal(user, 'queue'));
  refuse(suspensionRefusal(user));
  const token = randomBytes(18).toString('base64url');
  const createdAt = new Date(nowMs(deps)).toISOString();
  await linkRepo.insertPartnerLink(db(deps), { token, creatorId: user.id, formatId, createdAt });
  return viewOf(
    { token, formatId, createdAt, acceptedAt: null },
    { userId: user.id, displayName: user.displayName },
    nowMs(deps),
  );
}

async function requireLink(deps: Pick<TDebatesDeps, 'database'>, token: string) {
  const link = await linkRepo.findPartnerLink(db(deps), token);
  if (!link) throw new AppError('not_found', 'That partner link does not exist.');
  const names = await findUserNames(db(deps), [link.creatorId]);
  return { link, creator: { userId: link.creatorId, displayName: names.get(link.creatorId) ?? 'Someone' } };
}

export async function getPartnerLink(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  token: string,
): Promise<TPartnerLinkView> {
  const { link, creator } = await requireLink(deps, token);
  return viewOf(link, creator, nowMs(deps));
}

/**
 * Accepts a partner link: the two may queue as partners in its format for the next 24 hours. Refused (nothing
 * changed) for one's own link, a used or expired one, and a pair the rules keep apart (a block, ages that may not
 * meet, a ban or suspension of either). The link's maker is told.
 */
export async function acceptPartnerLink(
  deps: TDebatesDeps,
  user: TSessionUser,
  token: string,
): Promise<{ link: TPartnerLinkView; partner: { userId: string; displayName: string } }> {
  refuse(ageDoorRefusal(user, 'queue'));
  refuse(suspensionRefusal(user));
  const { link, creator } = await requireLink(deps, token);
  const now = new Date(nowMs(deps));
  const linkRefusal = partnerLinkRefusal(link, user.id, now);
  if (linkRefusal) throw new AppError(link.creatorId === user.id ? 'validation_failed' : 'conflict', linkRefusal);
  const refusal = await pairRefusal(deps, user.id, link.creatorId);
  if (refusal) throw refusal;
  const acceptedAt = now.toISOString();
  if (!(await linkRepo.markPartnerLinkAccepted(db(deps), token, user.id, acceptedAt))) {
    throw new AppError('conflict', 'This partner link has already been used.');
  }
  deps.events.emit({
    name: 'queue.partner_changed',
    room: REALTIME_ROOMS.user(link.creatorId),
    payload: { partnerId: user.id, change: 'linked' },
  });
  return { link: viewOf({ ...link, acceptedAt }, creator, now.getTime()), partner: creator };
}

/**
 * The partners a team row names, each with whether they have joined naming the same team; and the people waiting
 * with the user named as their partner whom the user has not joined (their invitations).
 */
export async function queuePartnersOf(
  deps: Pick<TDebatesDeps, 'database'>,
  userId: string,
  entry: { formatId: TFormatId; mode: TQueueMode; partnerIds: string | null } | undefined,
): Promise<{ partners: TQueuePartner[]; partnerInvites: TQueuePartnerInvite[] }> {
  const named = entry?.mode === 'team' ? mmRepo.decodePartnerIds(entry.partnerIds) : [];
  const [rows, naming] = await Promise.all([
    mmRepo.listQueueEntriesOf(db(deps), named),
    mmRepo.listTeamEntriesNaming(db(deps), userId),
  ]);
  const invites = naming.filter((row) => !named.includes(row.userId));
  const names = await findUserNames(db(deps), [...named, ...invites.map((row) => row.userId)]);
  const team = new Set([userId, ...named]);
  const partners = named.map((partnerId) => {
    const row = rows.find((r) => r.userId === partnerId);
    const theirs = mmRepo.decodePartnerIds(row?.partnerIds ?? null);
    const hasJoined =
      row !== undefined &&
      row.formatId === entry!.formatId &&
      row.mode === 'team' &&
      theirs.length === team.size - 1 &&
      theirs.every((id) => team.has(id) && id !== partnerId);
    return { userId: partnerId, displayName: names.get(partnerId) ?? 'Someone', hasJoined };
  });
  const partnerInvites = invites.map((row) => ({
    userId: row.userId,
    displayName: names.get(row.userId) ?? 'Someone',
    formatId: row.formatId,
  }));
  return { partners, partnerInvites };
}

/**
 * The partner links `userId` made or accepted, for "Download my data": the format, whether they made or accepted it,
 * the partner's display name once accepted (null while open), and when. The link's token is left out: it is a key.
 */
export async function partnerLinksOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  const links = await linkRepo.listLinksOfUser(db(deps), userId);
  const partnerOf = (link: (typeof links)[number]) => (link.creatorId === userId ? link.accepterId : link.creatorId);
  const names = await findUserNames(
    db(deps),
    links.map(partnerOf).filter((id): id is string => id !== null),
  );
  return links.map((link) => {
    const partnerId = partnerOf(link);
    return {
      formatId: link.formatId,
      role: link.creatorId === userId ? ('made' as const) : ('accepted' as const),
      partner: partnerId === null ? null : (names.get(partnerId) ?? 'Former user'),
      createdAt: link.createdAt,
      acceptedAt: link.acceptedAt,
    };
  });
}
