/**
 * A host's corrections to a running tournament, each written to its audit (who, when, before, after, why):
 *
 * - Swap a pairing's sides, or seat another judge of the pool (or none; a panel's chair is only replaced, and the new
 *   chair takes the panel's seat 1), while its debate has not started (its clock has never run). The judge passes the
 *   release's own rules (`judgeSeatRefusal`). The room's snapshot is published again (`debate.updated`), so the
 *   debaters' and judges' pages show the new sides or judge; the new judge is told as at a release.
 * - Re-pair a released round none of whose debates has started: its debates are called off (kept, ended `abandoned`
 *   and marked cancelled, nobody blamed), its pairings deleted (the audit keeps them), and the round goes back to
 *   draft with a new seed and is released again at once: one claim, one draw. The request names the release it
 *   re-pairs, so two hosts asking at once re-draw it once.
 * - Correct a confirmed result: `tournament-corrections.ts`, over this file's `callOffRound`.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  BP_SIDES,
  type TSessionUser,
  type TTournamentAuditEntry,
  type TTournamentPairingChange,
  type TTournamentRound,
  type ZTournamentRepairRequest,
  roundName,
} from '@resolved/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import * as rounds from '../debates/rounds.service';
import { outcomesOf } from '../results/results.service';
import { findUserNames } from '../users/users.service';
import { lastRoundOf } from './tournament-elimination';
import * as hostRepo from './tournament-host.repository';
import * as repo from './tournaments.repository';
import * as bpRepo from './tournament-bp.repository';
import { lockKey, requireManager, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import { presentRounds } from './tournament-presenter';
import { releaseRoundBy } from './tournament-release';
import { memberIdsOf } from './tournament-teams';
import { reseatChair, tellSeatedJudge } from './tournament-judge-change';

/** How many audit entries the hosts' list shows. */
const AUDIT_LIMIT = 200;

type TRepairInput = z.output<typeof ZTournamentRepairRequest>;

function started(number: number): AppError {
  return new AppError(
    'conflict',
    `Round ${number}’s debate has started: its sides, judge and pairings can no longer change.`,
  );
}

export async function presentedRound(deps: TTournamentsDeps, id: number, number: number): Promise<TTournamentRound> {
  const round = (await presentRounds(deps, id)).find((r) => r.number === number);
  if (!round) throw new AppError('not_found', `Round ${number} has not been released.`);
  return round;
}

/** A pairing of this tournament with a debate, its entrants and names, read in the caller's transaction. */
export async function requireDebatePairing(trx: Kysely<DB>, id: number, pairingId: number) {
  const pairing = await hostRepo.findPairing(trx, id, pairingId);
  if (!pairing) throw new AppError('not_found', 'This tournament has no such pairing.');
  if (pairing.isBye || pairing.debateId === null || pairing.negEntrantId === null) {
    throw new AppError('conflict', 'A bye or a walkover has no debate: no sides, judge or result to change.');
  }
  const entrants = new Map((await repo.listEntrants(trx, id)).map((e) => [e.id, e]));
  const aff = entrants.get(pairing.affEntrantId)!;
  const neg = entrants.get(pairing.negEntrantId)!;
  return { pairing, debateId: pairing.debateId, aff, neg };
}

export async function namesOf(trx: Kysely<DB>, ids: readonly (string | null)[]) {
  const names = await findUserNames(
    trx,
    ids.filter((x): x is string => x !== null),
  );
  return (userId: string | null) => (userId === null ? 'nobody' : (names.get(userId) ?? 'Someone'));
}

/**
 * Swaps a pairing's sides and/or seats another judge (null: none) before its debate starts; refused (409) once its
 * clock has run. Everyone in the room sees the change live; a newly seated judge is told as at a release.
 */
export async function changePairing(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  pairingId: number,
  change: TTournamentPairingChange,
): Promise<TTournamentRound> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const nowMs = deps.now ? deps.now() : Date.now();
  const changed = await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const { pairing, debateId, aff, neg } = await requireDebatePairing(trx, id, pairingId);
    const tx = rounds.debatesDb(trx);
    const debate = await rounds.findDebate(tx, debateId);
    if (!debate || debate.status !== 'live' || Number(debate.clockVersion) > 0) throw started(pairing.number);
    const nameOf = await namesOf(trx, [aff.userId, neg.userId, debate.judgeId, change.judgeId ?? null]);
    const now = nowIso();
    const audit = (action: 'sides_swapped' | 'judge_changed', before: object, after: object) =>
      hostRepo.insertAudit(trx, {
        tournamentId: id,
        action,
        roundNumber: pairing.number,
        debateId,
        actorId: user.id,
        reason: null,
        before,
        after,
        createdAt: now,
      });
    if (change.swapSides) {
      if (!(await rounds.swapUnstartedSides(tx, debateId))) throw started(pairing.number);
      await hostRepo.swapPairingSides(trx, pairingId);
      await audit(
        'sides_swapped',
        { text: `Aff ${nameOf(aff.userId)}, neg ${nameOf(neg.userId)}`, affEntrantId: aff.id, negEntrantId: neg.id },
        { text: `Aff ${nameOf(neg.userId)}, neg ${nameOf(aff.userId)}`, affEntrantId: neg.id, negEntrantId: aff.id },
      );
    }
    let seated: string | null = null;
    if (change.judgeId !== undefined) {
      await reseatChair(trx, deps, {
        tournamentId: id,
        roundNumber: pairing.number,
        debateId,
        current: debate.judgeId,
        judgeId: change.judgeId,
        // Every member of both teams (a tournament of teams); the two entrants otherwise.
        roomOf: (teams) => ({
          aff,
          neg,
          ...(row.teamSize > 1 ? { members: [...memberIdsOf(teams, aff), ...memberIdsOf(teams, neg)] } : {}),
        }),
        otherRoomJudgeIds: async () => {
          const inRound = (await repo.listPairings(trx, id)).filter(
            (p) => p.number === pairing.number && p.id !== pairingId && p.debateId !== null,
          );
          const outcomes = await outcomesOf(
            trx,
            inRound.map((p) => p.debateId!),
          );
          return [...outcomes.values()].flatMap((o) => (o.judgeId === null ? [] : [o.judgeId]));
        },
        actorId: user.id,
        nowMs,
        nameOf,
        started: started(pairing.number),
      });
      seated = change.judgeId;
    }
    return {
      debateId,
      number: pairing.number,
      seated,
      tournamentName: row.name,
      roundName: roundName(pairing.number, row),
    };
  });
  await emitDebateUpdated(deps, changed.debateId);
  if (changed.seated) {
    tellSeatedJudge(deps, changed.seated, {
      tournamentId: id,
      tournamentName: changed.tournamentName,
      roundNumber: changed.number,
      roundName: changed.roundName,
      debateId: changed.debateId,
    });
  }
  await emitChanged(deps, id);
  return presentedRound(deps, id, changed.number);
}

/**
 * Takes back released round `number` none of whose debates has started (409 otherwise): its debates are called off
 * (kept, ended `abandoned` and marked cancelled, nobody blamed), its pairings deleted (the audit keeps them), and the
 * round drafted again with a new seed, for its release to draw it again. Returns the called-off debates.
 */
export async function callOffRound(
  trx: Kysely<DB>,
  id: number,
  number: number,
  why: {
    actorId: string;
    reason: string | null;
    seeds: readonly { id: number | bigint; seed: string }[];
    text?: string;
    startedMessage?: string;
  },
): Promise<number[]> {
  const own = why.seeds;
  const pairings = (await repo.listPairings(trx, id)).filter((p) => p.number === number);
  // A British Parliamentary round's rooms of four are called off as its pairings would be.
  const bpRooms = (await bpRepo.listBpRooms(trx, id)).filter((room) => room.number === number);
  const tx = rounds.debatesDb(trx);
  const now = nowIso();
  const debateIds = [...pairings, ...bpRooms].flatMap((p) => (p.debateId === null ? [] : [p.debateId]));
  for (const debateId of debateIds) {
    if (!(await rounds.cancelUnstarted(tx, debateId, now))) {
      throw why.startedMessage ? new AppError('conflict', why.startedMessage) : started(number);
    }
  }
  const seeds = new Map(own.map((r) => [Number(r.id), randomBytes(8).toString('hex')]));
  await hostRepo.unreleaseRound(trx, id, number, seeds);
  const entrants = new Map((await repo.listEntrants(trx, id)).map((e) => [e.id, e]));
  const nameOf = await namesOf(
    trx,
    [...entrants.values()].map((e) => e.userId),
  );
  const who = (entrantId: number | null) => (entrantId === null ? '' : nameOf(entrants.get(entrantId)?.userId ?? null));
  const drawn = [
    ...pairings.map((p) =>
      p.isBye
        ? `${who(p.affEntrantId)} (${p.negEntrantId === null ? 'bye' : `walkover over ${who(p.negEntrantId)}`})`
        : `${who(p.affEntrantId)} v ${who(p.negEntrantId)}`,
    ),
    ...bpRooms.map((room) => BP_SIDES.map((side) => `${side.toUpperCase()} ${who(room.teams[side])}`).join(', ')),
  ];
  await hostRepo.insertAudit(trx, {
    tournamentId: id,
    action: 'round_repaired',
    roundNumber: number,
    debateId: null,
    actorId: why.actorId,
    reason: why.reason,
    before: {
      text: drawn.join('; '),
      seeds: own.map((r) => ({ roundId: Number(r.id), seed: r.seed })),
      pairings: pairings.map((p) => ({
        affEntrantId: p.affEntrantId,
        negEntrantId: p.negEntrantId,
        isBye: Number(p.isBye) === 1,
        debateId: p.debateId,
      })),
      ...(bpRooms.length > 0
        ? { bpRooms: bpRooms.map((room) => ({ teams: room.teams, debateId: room.debateId })) }
        : {}),
    },
    after: {
      text: `${why.text ?? 'Drawn again with a new seed'}; ${debateIds.length} ${debateIds.length === 1 ? 'room' : 'rooms'} called off`,
      seeds: [...seeds].map(([roundId, seed]) => ({ roundId, seed })),
    },
    createdAt: now,
  });
  return debateIds;
}

/**
 * Re-pairs released round `number` (the release named by `releasedAt`) while none of its debates has started: the
 * debates are called off, the pairings deleted (kept in the audit), the round drafted again with a new seed, and
 * released again (`releaseRoundBy`, the one claim), all in the release's one transaction: a refused release leaves
 * the round as it was. Refused once any debate of the round has started.
 */
export async function repairRound(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  number: number,
  input: TRepairInput,
): Promise<TTournamentRound> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const nothingToRepair = () =>
    new AppError('conflict', `Round ${number} has not been released: there is nothing to re-pair.`);
  if (number > lastRoundOf(row)) throw nothingToRepair();
  let cancelled: number[] = [];
  const takeBack = async (trx: Transaction<DB>) => {
    const all = await repo.listRounds(trx, id);
    const own = all.filter((r) => r.number === number);
    if (own.length === 0 || own.every((r) => r.status === 'draft')) throw nothingToRepair();
    if (own.some((r) => r.status === 'complete') || all.some((r) => r.number > number && r.status !== 'draft')) {
      throw new AppError('conflict', `Round ${number} is over: a later round has been drawn from it.`);
    }
    if (own[0]!.releasedAt !== input.releasedAt) {
      throw new AppError(
        'conflict',
        `Round ${number} has been drawn again since you looked: look at its new pairings first.`,
        undefined,
        'round_released',
      );
    }
    cancelled = await callOffRound(trx, id, number, { actorId: user.id, reason: input.reason || null, seeds: own });
  };
  // One transaction: the round taken back and drawn again, or (refused) left as it was. Of simultaneous re-pairs
  // one wins; the others find the new release and are refused (409).
  const round = await releaseRoundBy(deps, user.id, id, number, { takeBack });
  for (const debateId of cancelled) await emitDebateUpdated(deps, debateId);
  return round;
}

/** The audit of a tournament, newest first: its hosts only. */
export async function listAudit(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
): Promise<TTournamentAuditEntry[]> {
  await requireManager(deps, user, id);
  const rows = await hostRepo.listAudit(deps.database.db, id, AUDIT_LIMIT);
  const names = await findUserNames(deps.database.db, [
    ...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId]))),
  ]);
  const textOf = (json: string) => {
    const value = JSON.parse(json) as { text?: unknown };
    return typeof value.text === 'string' ? value.text : '';
  };
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    roundNumber: r.roundNumber === null ? null : Number(r.roundNumber),
    debateId: r.debateId === null ? null : Number(r.debateId),
    actor: r.actorId === null ? null : { userId: r.actorId, displayName: names.get(r.actorId) ?? 'Someone' },
    reason: r.reason,
    before: textOf(r.before),
    after: textOf(r.after),
    createdAt: r.createdAt,
  }));
}
