/**
 * A challenge between teams (issue 40): the challenger named their partners when they made the link, the accepter
 * names theirs when they accept, and the round opens at the accept with every seat in its position. Partners are
 * people who already chose each other (a teammate or an accepted partner link: `checkPartners`), so no one waits
 * for a further confirmation (docs/decisions.md, "Challenges between teams"). Every seat rule is read over all of the
 * round's people by `seatRoundIn`, in the transaction that marks the link used.
 */
import {
  challengeTeamRefusal,
  FORMATS,
  REALTIME_ROOMS,
  type TAcceptChallengeRequest,
  type TDebaterSeatInput,
  type TSessionUser,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError, refuse, refused } from '../../lib/errors';
import { seatRoundIn } from '../debates/round-seating';
import { nowMs } from '../debates/round-row';
import * as repo from '../debates/rounds.service';
import { drawResolutions } from '../motions/motions.service';
import { findCurrentTopic } from '../topics/topics.service';
import { findUserNames } from '../users/users.service';
import { seatRefusalsAmong } from '../users/seats';
import * as mmRepo from './matchmaking.repository';
import { checkPartners } from './partners.service';
import { clashingRound, utcTime } from './queue.service';
import { takeOutWithTeam, tellPartnersLeft } from './queue-teams';

const SIDE_KEYS = ['a', 'b'] as const;

/** The words for a challenge link that leads nowhere (also the token's validation message). */
export const INVALID_CHALLENGE_MESSAGE = 'That challenge link is not valid.';

export function challengeGone(): AppError {
  return new AppError('not_found', INVALID_CHALLENGE_MESSAGE);
}

/**
 * The challenge `token` names, read under the matching lock by the one accepting it (`userId`): refused when there is
 * none, when it was accepted already, or when its maker tries to accept it.
 */
export async function openChallengeFor(tx: repo.TDebatesDb, token: string, userId: string) {
  const challenge = await mmRepo.findChallenge(tx, token);
  if (!challenge) throw challengeGone();
  if (challenge.debateId !== null)
    throw new AppError('conflict', 'This challenge has already been accepted.', undefined, 'challenge_used');
  if (challenge.userId === userId) {
    throw new AppError(
      'conflict',
      'Send this link to a friend: you cannot accept your own challenge.',
      undefined,
      'challenge_own',
    );
  }
  return challenge;
}

/** The seats of two teams, each in the order given (its first member in the side's first position). */
export function teamSeatsOf(
  formatId: keyof typeof FORMATS,
  teams: readonly [readonly string[], readonly string[]],
): TDebaterSeatInput[] {
  const sideList = FORMATS[formatId].sideList;
  return teams.flatMap((team, s) =>
    team.map((userId, i) => ({ userId, side: SIDE_KEYS[s]!, position: sideList[s]!.positions[i]!.id })),
  );
}

/**
 * Accepts a team challenge naming the accepter's partners: a 400 for the wrong number, someone twice or someone of
 * the challenger's team; a 403 for a partner the accepter may not name; a 409 when the challenger's team may no longer
 * stand together, when someone is busy, or when a seat rule refuses (naming who). Returns the round's id.
 */
export async function acceptTeamChallenge(
  deps: TDebatesDeps,
  user: TSessionUser,
  token: string,
  request: TAcceptChallengeRequest,
): Promise<number> {
  const found = await mmRepo.findChallenge(repo.debatesDb(deps.database.db), token);
  if (!found) throw challengeGone();
  const theirs = [found.userId, ...mmRepo.decodePartnerIds(found.partnerIds)];
  const mine = [user.id, ...request.partnerIds];
  const badTeam = challengeTeamRefusal(found.formatId, request.partnerIds);
  if (badTeam) throw new AppError('validation_failed', `This challenge is between teams. ${badTeam}`);
  if (theirs.includes(user.id) && found.userId !== user.id) {
    throw new AppError('validation_failed', 'You are on the challenger’s team: you cannot accept their challenge.');
  }
  if (found.userId !== user.id) {
    const across = mine.find((id) => theirs.includes(id));
    if (across) {
      const names = await findUserNames(deps.database.db, [across]);
      throw new AppError(
        'validation_failed',
        `${names.get(across) ?? 'That debater'} is on the challenger’s team: choose a partner of your own.`,
      );
    }
    await checkPartners(deps, user.id, found.formatId, request.partnerIds, 'challenge');
    try {
      await checkPartners(deps, found.userId, found.formatId, theirs.slice(1), 'challenge');
    } catch {
      throw new AppError(
        'conflict',
        'Your challenger’s team cannot debate together right now: ask them for a new link.',
        undefined,
        'challenger_busy',
      );
    }
  }
  const { debateId, partnersLeft } = await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    await mmRepo.lockMatching(tx, deps.database.engine);
    const challenge = await openChallengeFor(tx, token, user.id);
    // The accepter's own restriction in their own words; everyone else's is named by the seating rule below.
    refuse((await seatRefusalsAmong(tx, [user.id], nowMs(deps))).get(user.id) ?? null);
    const people = [...theirs, ...mine];
    // A practice round paired for later leaves its debaters free only for rounds that are over by its start.
    const scheduled = await repo.listScheduledRoundsOf(tx, people);
    const window = { formatId: challenge.formatId, startMs: nowMs(deps) };
    for (const id of people) {
      const clash = clashingRound(scheduled, id, window);
      if (!clash) continue;
      if (id === user.id && Date.parse(clash.startsAt) <= window.startMs) throw refused('already_in_debate');
      const names = await findUserNames(tx, [id]);
      throw new AppError(
        'conflict',
        `${names.get(id) ?? 'Someone'} has a practice round at ${utcTime(clash.startsAt)} that this one would run into.`,
        { debateId: clash.id, startsAt: clash.startsAt },
        'challenger_busy',
      );
    }
    const topic = await findCurrentTopic(tx);
    if (!topic) throw refused('no_topic');
    const [drawn] = await drawResolutions(tx, challenge.formatId, 1, topic, deps.random);
    const random = deps.random ?? Math.random;
    const teams = (random() < 0.5 ? [theirs, mine] : [mine, theirs]) as [string[], string[]];
    const id = await seatRoundIn(trx, deps, {
      kind: 'challenge',
      formatId: challenge.formatId,
      resolution: drawn!.resolution,
      topicId: drawn!.topicId,
      debaters: teamSeatsOf(challenge.formatId, teams),
      prepMinutes: challenge.prepMinutes ?? undefined,
    });
    if (!(await mmRepo.markChallengeUsed(tx, token, id))) {
      throw new AppError('conflict', 'This challenge has already been accepted.', undefined, 'challenge_used');
    }
    const left = [];
    for (const person of people) left.push(...(await takeOutWithTeam(tx, person)).partnersLeft);
    return { debateId: id, partnersLeft: left.filter((l) => !people.includes(l.userId)) };
  });
  tellPartnersLeft(deps, partnersLeft);
  for (const userId of [...theirs, ...mine]) {
    deps.events.emit({ name: 'debate.matched', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
  }
  return debateId;
}
