/**
 * A round whose sides seat teams (2 v 2, 3 v 3; issue 40): its seating parsed (`ZRoundDebaters`), every seat rule read
 * over all of its people in the transaction that writes it (`seatingRefusal`: bans and suspensions, blocks between any
 * two — partners and judges included —, who a minor meets between any two debaters), and the round, its seats and its
 * debaters' one-debate guards written at once. Challenges between teams seat through it (`seatRoundIn`,
 * in the challenge's transaction); the partners' queue and a coach's team pairing will (docs/decisions.md).
 */
import {
  createClock,
  FORMATS,
  isMinorRound,
  longestRoundMs,
  mayJudgeMinors,
  minorPairingJudgeRefusal,
  seatingFormatRefusal,
  seatingRefusal,
  sidesOf,
  ZRoundDebaters,
  type TFormatId,
  type TRoundKind,
  type TRoundSeating,
  type TBpSpeechMinutes,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError, parseOrThrow, refuse } from '../../lib/errors';
import { blockGraphAmong } from '../blocks/blocks.service';
import { coachIdsOfTeamsOf, teamIdsOfUsers } from '../memberships/memberships.service';
import { seatRefusalsAmong } from '../users/seats';
import { ageBandsOf, findDoorUserById, findUserNames } from '../users/users.service';
import * as repo from './debates.repository';
import * as guards from './round-guards.repository';
import { nowMs } from './round-row';

/** A round to seat: its debaters as given (parsed here), its judge if one is seated from the start. */
export interface TSeatedRoundInput {
  kind: TRoundKind;
  formatId: TFormatId;
  resolution: string;
  topicId: number | null;
  debaters: unknown;
  judgeId?: string | null;
  teamId?: number | null;
  /** A challenge's prep time in minutes; absent: the format's default. */
  prepMinutes?: number;
  /**
   * A coach's round paired for later (ISO, UTC): announced and guarded from then (`announceDueRounds`), and nobody
   * debating now is busy for it unless it starts before their round could be over. Absent or past: it starts now.
   */
  startsAt?: string | null;
  /** A British Parliamentary room's speech length (7 or 5); absent: the format's own. */
  speechMinutes?: TBpSpeechMinutes;
}

/** The seats' sides today: the round's row still names side A's and side B's first debater. */
const SIDES = ['a', 'b'] as const;

/**
 * Why these people may not sit in one round (naming who), read in `db` (the caller's transaction): `seatingRefusal`
 * over every seat, then a judge of a round with a minor (`mayJudgeMinors`: a minor, a coach of a debater's team, staff
 * or a verified judge). Null: they may.
 */
export async function findSeatingRefusal(db: Kysely<DB>, seating: TRoundSeating, atMs: number) {
  const debaterIds = seating.debaters.map((d) => d.userId);
  const people = [...new Set([...debaterIds, ...seating.judgeIds])];
  const [unseatable, isBlocked, bands, teams, names] = await Promise.all([
    seatRefusalsAmong(db, people, atMs),
    blockGraphAmong(db, people),
    ageBandsOf(db, debaterIds),
    teamIdsOfUsers(db, debaterIds),
    findUserNames(db, people),
  ]);
  const profiles = new Map(
    debaterIds.map((id) => [id, { band: bands.get(id) ?? null, teamIds: teams.get(id) ?? [] }] as const),
  );
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  const refusal = seatingRefusal(seating, { unseatable: new Set(unseatable.keys()), isBlocked, profiles, nameOf });
  if (refusal || !isMinorRound(debaterIds.map((id) => bands.get(id)))) return refusal;
  const coachIds = await coachIdsOfTeamsOf(db, debaterIds);
  for (const judgeId of seating.judgeIds) {
    const judge = (await findDoorUserById(db, judgeId))?.user;
    const seats = {
      status: 'live' as const,
      debaterAId: debaterIds[0]!,
      debaterBId: debaterIds[1]!,
      debaterIds,
      judgeId,
      hasJudgeInvite: false,
      minorRoundCoachIds: coachIds,
    };
    if (!judge || !mayJudgeMinors(judge, seats)) return minorPairingJudgeRefusal(nameOf(judgeId));
  }
  return null;
}

/**
 * Opens a live round seating every debater given: a 400 for a seating that is not one (the same person twice, a side
 * of four, two debaters in one position, a position the format's side does not have), a 409 naming who when a seat rule refuses or someone is in a round now;
 * nothing is written unless everything holds. Returns the round's id.
 */
export async function openSeatedRound(
  deps: Pick<TDebatesDeps, 'database' | 'now'>,
  input: TSeatedRoundInput,
): Promise<number> {
  return inTransaction(deps.database, (trx) => seatRoundIn(trx, deps, input));
}

/**
 * `openSeatedRound` in the caller's transaction `trx` (a challenge marks its link used in the same one): the same
 * checks, the same writes, the same refusals.
 */
export async function seatRoundIn(
  trx: Kysely<DB>,
  deps: Pick<TDebatesDeps, 'now'>,
  input: TSeatedRoundInput,
): Promise<number> {
  const debaters = parseOrThrow(ZRoundDebaters, input.debaters);
  const sides = sidesOf(debaters);
  if (sides.size !== SIDES.length || !SIDES.every((side) => sides.has(side))) {
    throw new AppError('validation_failed', 'A round seats side a and side b.');
  }
  // Every position one the format's side has: a seat in another format's position would hold no speech.
  const misfit = seatingFormatRefusal(FORMATS[input.formatId], debaters);
  if (misfit) throw new AppError('validation_failed', misfit);
  const judgeIds = input.judgeId ? [input.judgeId] : [];
  if (input.judgeId && debaters.some((d) => d.userId === input.judgeId)) {
    throw new AppError('validation_failed', 'A debater of the round cannot judge it.');
  }
  const tx = repo.debatesDb(trx);
  refuse(await findSeatingRefusal(trx, { debaters, judgeIds }, nowMs(deps)));
  const startMs = input.startsAt ? Math.max(Date.parse(input.startsAt), nowMs(deps)) : nowMs(deps);
  const isSoon = startMs < nowMs(deps) + longestRoundMs(input.formatId);
  const busy = isSoon
    ? await guards.findActiveUserIds(tx, [...debaters.map((d) => d.userId), ...judgeIds])
    : new Set<string>();
  if (busy.size > 0) {
    const names = await findUserNames(trx, [...busy]);
    const who = [...busy].map((id) => names.get(id) ?? 'Someone').join(', ');
    throw new AppError('conflict', `${who} ${busy.size === 1 ? 'is' : 'are'} in another debate right now.`);
  }
  const now = nowIso();
  const debateId = await repo.insertDebate(tx, {
    kind: input.kind,
    formatId: input.formatId,
    resolution: input.resolution,
    topicId: input.topicId,
    debaterAId: sides.get('a')![0]!.userId,
    debaterBId: sides.get('b')![0]!.userId,
    seats: SIDES.flatMap((side) => sides.get(side)!),
    judgeId: input.judgeId ?? null,
    teamId: input.teamId ?? null,
    startsAt: input.startsAt ?? null,
    clock: createClock(input.formatId, {
      ...(input.prepMinutes === undefined ? {} : { prepMinutes: input.prepMinutes }),
      ...(input.speechMinutes === undefined ? {} : { speechMinutes: input.speechMinutes }),
    }),
    now,
  });
  // A round paired for later takes its debaters' guards at its start (`takeActiveDebaters`), as `insertDebates` does.
  if (startMs <= nowMs(deps)) {
    await guards.insertActiveDebaters(
      tx,
      debateId,
      debaters.map((d) => d.userId),
    );
  }
  return debateId;
}
