/** Challenge links: a debater invites a friend into a round of a chosen format and prep. */
import { randomBytes } from 'node:crypto';
import {
  ageBandRefusal,
  isMinorRound,
  publicName,
  blockedPairRefusal,
  FORMATS,
  REALTIME_ROOMS,
  resolvePrepMinutes,
  ageDoorRefusal,
  suspensionRefusal,
  type TAcceptChallengeRequest,
  type TChallengeMode,
  type TCreateChallengeRequest,
  type TFormatId,
  type TSessionUser,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError, refuse, refused } from '../../lib/errors';
import * as repo from '../debates/rounds.service';
import { db, requireDebate, nowMs } from '../debates/round-row';
import * as mmRepo from './matchmaking.repository';
import type { TDebatesDeps } from '../../context';
import { ageBandsOf, findUserNames } from '../users/users.service';
import { presentParticipant } from '../debates/debate.presenter';
import { isEitherBlocked } from '../blocks/blocks.service';
import { clashingRound, newDebate, startsSoonError } from './queue.service';
import { inTransaction } from '../../db/transaction';
import { meetingProfilesOf } from './meeting';
import { seatRefusalsAmong } from '../users/seats';
import { checkPartners } from './partners.service';
import { acceptTeamChallenge, challengeGone, openChallengeFor } from './team-challenges';

export async function createChallenge(
  deps: TDebatesDeps,
  user: TSessionUser,
  request: TCreateChallengeRequest,
): Promise<{ token: string; formatId: TFormatId; prepMinutes: number; mode: TChallengeMode }> {
  refuse(ageDoorRefusal(user, 'challenge'));
  refuse(suspensionRefusal(user));
  // A team challenge names partners the challenger may stand with now; they are read again at the accept.
  if (request.mode === 'team') await checkPartners(deps, user.id, request.formatId, request.partnerIds, 'challenge');
  const token = randomBytes(16).toString('base64url');
  const prepMinutes = request.prepMinutes ?? null;
  await mmRepo.insertChallenge(db(deps), {
    token,
    userId: user.id,
    formatId: request.formatId,
    prepMinutes,
    now: nowIso(),
    mode: request.mode,
    partnerIds: request.partnerIds,
  });
  return {
    token,
    formatId: request.formatId,
    prepMinutes: resolvePrepMinutes(FORMATS[request.formatId], request.prepMinutes),
    mode: request.mode,
  };
}

export { INVALID_CHALLENGE_MESSAGE } from './team-challenges';

/**
 * A challenge as its link shows it to `viewerId`. The challenger shares their own name with the link; a partner
 * under 18 did not, so anyone but the challenger's team reads them as the tournaments name a minor to an outsider
 * (`publicName`: "Ann M. L.").
 */
export async function getChallenge(deps: TDebatesDeps, token: string, viewerId: string) {
  const challenge = await mmRepo.findChallenge(db(deps), token);
  if (!challenge) throw challengeGone();
  const partnerIds = mmRepo.decodePartnerIds(challenge.partnerIds);
  const names = await findUserNames(db(deps), [challenge.userId, ...partnerIds]);
  const isOwnTeam = viewerId === challenge.userId || partnerIds.includes(viewerId);
  const bands = isOwnTeam ? new Map() : await ageBandsOf(db(deps), partnerIds);
  for (const id of partnerIds) {
    if (!isOwnTeam && isMinorRound([bands.get(id) ?? null])) names.set(id, publicName(names.get(id) ?? ''));
  }
  return {
    formatId: challenge.formatId,
    prepMinutes: resolvePrepMinutes(FORMATS[challenge.formatId], challenge.prepMinutes ?? undefined),
    challenger: presentParticipant(challenge.userId, names),
    mode: challengeModeOf(challenge),
    /** A team challenge's challenger's partners (the accepter names as many of their own). */
    partners: partnerIds.map((id) => presentParticipant(id, names)),
    debateId: challenge.debateId === null ? null : Number(challenge.debateId),
  };
}

/** A challenge's mode: a link made before teams is one-on-one. */
export function challengeModeOf(challenge: { mode: TChallengeMode | null }): TChallengeMode {
  return challenge.mode ?? 'one-on-one';
}

export async function acceptChallenge(
  deps: TDebatesDeps,
  user: TSessionUser,
  token: string,
  request: TAcceptChallengeRequest = { partnerIds: [] },
): Promise<number> {
  refuse(ageDoorRefusal(user, 'challenge'));
  refuse(suspensionRefusal(user));
  const found = await mmRepo.findChallenge(db(deps), token);
  if (found && challengeModeOf(found) === 'team') return acceptTeamChallenge(deps, user, token, request);
  if (request.partnerIds.length > 0) {
    throw new AppError('validation_failed', 'This challenge is one-on-one: accept it without a partner.');
  }
  const debateId = await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    await mmRepo.lockMatching(tx, deps.database.engine);
    const challenge = await openChallengeFor(tx, token, user.id);
    // The seat rule for both (a link made before its maker's ban or suspension is revoked then; this holds for one
    // that raced it): the challenger is refused in neutral words, the accepter in their own.
    const unseatable = await seatRefusalsAmong(tx, [challenge.userId, user.id], nowMs(deps));
    refuse(unseatable.get(user.id) ?? null);
    if (unseatable.has(challenge.userId)) throw challengeGone();
    refuse(blockedPairRefusal('challenge', await isEitherBlocked(deps, challenge.userId, user.id, tx)));
    // Minors debate minors and adults adults, unless the two share a team.
    const profiles = await meetingProfilesOf(tx, [user.id, challenge.userId]);
    refuse(ageBandRefusal(profiles.get(user.id)!, profiles.get(challenge.userId)!));
    const busy = await repo.findActiveUserIds(tx, [challenge.userId, user.id]);
    if (busy.has(user.id)) throw refused('already_in_debate');
    if (busy.has(challenge.userId))
      throw new AppError('conflict', 'Your challenger is in another debate right now.', undefined, 'challenger_busy');
    // A practice round paired for later leaves its debaters free only for rounds that are over by its start.
    const scheduled = await repo.listScheduledRoundsOf(tx, [challenge.userId, user.id]);
    const window = { formatId: challenge.formatId, startMs: nowMs(deps) };
    const mine = clashingRound(scheduled, user.id, window);
    if (mine && Date.parse(mine.startsAt) <= window.startMs) throw refused('already_in_debate');
    if (mine) throw startsSoonError(mine, challenge.formatId);
    if (clashingRound(scheduled, challenge.userId, window)) {
      throw new AppError(
        'conflict',
        'Your challenger has a practice round starting soon, so there is no time for this one.',
        undefined,
        'challenger_busy',
      );
    }
    const random = deps.random ?? Math.random;
    const [a, b] = random() < 0.5 ? [challenge.userId, user.id] : [user.id, challenge.userId];
    const id = await newDebate(deps, tx, challenge.formatId, a, b, challenge.prepMinutes ?? undefined);
    await mmRepo.markChallengeUsed(tx, token, id);
    await mmRepo.deleteQueueEntry(tx, challenge.userId);
    await mmRepo.deleteQueueEntry(tx, user.id);
    return id;
  });
  const row = await requireDebate(deps, debateId);
  for (const userId of [row.debaterAId, row.debaterBId]) {
    deps.events.emit({ name: 'debate.matched', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
  }
  return debateId;
}
