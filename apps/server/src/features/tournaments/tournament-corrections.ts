/**
 * A host's correction of a confirmed result (winner, and a ballot's speaker points, with a reason), also after the
 * tournament is over: the result of record changes (`results/result-corrections.ts`), and with it the tab, the
 * exports and the round's own page; ratings and points given are not re-applied (see docs/decisions.md). A round
 * drawn from the result — an elimination result's next round (its winner went on), a preliminary result's first
 * elimination round (the break was seeded from the tab) — is drawn again in the same transaction if none of its
 * debates has started, and the correction is refused (409) once one has.
 */
import {
  type TSessionUser,
  type TTournamentResultCorrection,
  type TTournamentRound,
  inSentence,
  roundName,
} from '@resolved/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import { correctResultIn } from '../results/result-corrections';
import { lastRoundOf, reconcileResults } from './tournament-elimination';
import * as hostRepo from './tournament-host.repository';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';
import { lockKey, requireManager, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import { releaseRoundBy } from './tournament-release';
import { callOffRound, namesOf, presentedRound, requireDebatePairing } from './tournament-host';

/**
 * Corrects the confirmed result of a pairing's debate (also after the tournament is over): the winner and, for a
 * judged round, both sides' speaker points, with a reason. The tab, the exports and the round's page follow. An
 * elimination result whose winner went on to a released round: the correction, that round called off and its release
 * are one transaction (as a re-pair's), so a refused release refuses the correction and leaves everything as it was.
 */
export async function correctResult(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  pairingId: number,
  input: TTournamentResultCorrection,
): Promise<TTournamentRound> {
  const { row } = await requireManager(deps, user, id);
  const found = await hostRepo.findPairing(deps.database.db, id, pairingId);
  const next = found ? redrawnBy(row, found.number) : null;
  const isRedraw =
    next !== null &&
    (await repo.listRounds(deps.database.db, id)).some((r) => r.number === next && r.status !== 'draft');
  let corrected: TCorrected | undefined;
  if (isRedraw) {
    const takeBack = async (trx: Transaction<DB>) => {
      corrected = await correctIn(trx, user, row, pairingId, input, { redraw: next });
    };
    await releaseRoundBy(deps, user.id, id, next!, { takeBack });
  } else {
    corrected = await withKeyLock(deps.database, lockKey(id), (trx) =>
      correctIn(trx, user, row, pairingId, input, { redraw: null }),
    );
  }
  await emitDebateUpdated(deps, corrected!.debateId);
  for (const debateId of corrected!.calledOff) await emitDebateUpdated(deps, debateId);
  await emitChanged(deps, id);
  return presentedRound(deps, id, corrected!.number);
}

type TCorrected = { debateId: number; number: number; calledOff: number[] };

/**
 * The round a corrected result of round `number` was drawn from, if any: an elimination result's next round (its
 * winner went on), and a preliminary result's first elimination round (the break was seeded from the tab). Null: a
 * preliminary result with no break, or the final.
 */
function redrawnBy(row: TTournamentRow, number: number): number | null {
  if (number > row.prelimRounds) return number < lastRoundOf(row) ? number + 1 : null;
  return row.breakSize > 0 ? row.prelimRounds + 1 : null;
}

/**
 * The correction in the caller's transaction, under the tournament's lock: the result of record and its audit, and
 * for an elimination result the round its winner went on to (`redraw`, released) called off — refused once one of its
 * debates has started — and the bracket replayed. The caller releases `redraw` again in the same transaction.
 */
async function correctIn(
  trx: Kysely<DB>,
  user: TSessionUser,
  row: TTournamentRow,
  pairingId: number,
  input: TTournamentResultCorrection,
  plan: { redraw: number | null },
): Promise<TCorrected> {
  const id = row.id;
  const { pairing, debateId, aff, neg } = await requireDebatePairing(trx, id, pairingId);
  const winner = input.winner === 'aff' ? aff : neg;
  if (input.speakerPoints && input.debaterPoints) {
    throw new AppError('validation_failed', 'Give the sides’ speaker points or every debater’s, not both.');
  }
  // A round of teams takes every debater's points (each partner's); a one-on-one round either form.
  const points = input.debaterPoints
    ? new Map(input.debaterPoints.map((p) => [p.userId, Math.round(p.points * 10)] as const))
    : input.speakerPoints
      ? new Map([
          [aff.userId, Math.round(input.speakerPoints.aff * 10)],
          [neg.userId, Math.round(input.speakerPoints.neg * 10)],
        ])
      : null;
  if (input.debaterPoints && points!.size !== input.debaterPoints.length) {
    throw new AppError('validation_failed', 'Give each debater speaker points once.');
  }
  const { before, after, seats } = await correctResultIn(trx, debateId, { winnerId: winner.userId, points });
  const sideOfFirst = (userId: string) => seats.find((seat) => seat.userId === userId)?.side;
  const idsOfSide = (firstId: string) =>
    seats.filter((seat) => seat.side === sideOfFirst(firstId)).map((seat) => seat.userId);
  const nameOf = await namesOf(trx, [aff.userId, neg.userId, ...before.points.keys()]);
  const describe = (result: typeof before) => {
    const side = result.winnerId === aff.userId ? 'aff' : result.winnerId === neg.userId ? 'neg' : null;
    const affPoints = result.points.get(aff.userId) ?? null;
    const negPoints = result.points.get(neg.userId) ?? null;
    // A round of teams: every debater's points, side by side ("Ann 28, Ben 27.5 – Cat 29, Dan 28").
    const isTeams = result.points.size > 2;
    const listed = (ids: string[]) => ids.map((id) => `${nameOf(id)} ${result.points.get(id)! / 10}`).join(', ');
    const pointsText =
      affPoints === null || negPoints === null
        ? ''
        : isTeams
          ? ` (${listed(idsOfSide(aff.userId))} – ${listed(idsOfSide(neg.userId))})`
          : ` (${affPoints / 10} – ${negPoints / 10})`;
    return {
      text: `${side === null ? 'No winner' : `${nameOf(result.winnerId)} (${side}) won`}${pointsText}`,
      winner: side,
      affPoints: affPoints === null ? null : affPoints / 10,
      negPoints: negPoints === null ? null : negPoints / 10,
    };
  };
  await hostRepo.insertAudit(trx, {
    tournamentId: id,
    action: 'result_corrected',
    roundNumber: pairing.number,
    debateId,
    actorId: user.id,
    reason: input.reason,
    before: describe(before),
    after: describe(after),
    createdAt: nowIso(),
  });
  const isElimination = pairing.number > row.prelimRounds;
  const next = redrawnBy(row, pairing.number);
  const all = await repo.listRounds(trx, id);
  const nextRows = all.filter((r) => r.number === next && r.status !== 'draft');
  // The round drawn from it was released (or taken back) since the caller looked: its answer would be wrong.
  if (next !== null && nextRows.length > 0 !== (plan.redraw === next)) {
    throw new AppError('conflict', `${roundName(next, row)} has changed meanwhile: correct the result again.`);
  }
  // A preliminary result once the elimination rounds went on past the first: the bracket is theirs now.
  if (!isElimination && next !== null && all.some((r) => r.number > next && r.status !== 'draft')) {
    throw new AppError('conflict', elimsStarted(row, next));
  }
  const calledOff =
    plan.redraw === null
      ? []
      : await callOffRound(trx, id, plan.redraw, {
          actorId: user.id,
          reason: input.reason,
          seeds: nextRows,
          text: `Drawn again after a corrected result of ${inSentence(roundName(pairing.number, row))}`,
          startedMessage: isElimination
            ? `${roundName(plan.redraw, row)} has started with the winner of this debate: its result can no longer be corrected.`
            : elimsStarted(row, plan.redraw),
        });
  if (isElimination) await reconcileResults(trx, (await repo.findTournament(trx, id))!);
  return { debateId, number: pairing.number, calledOff };
}

const elimsStarted = (row: TTournamentRow, first: number) =>
  `${roundName(first, row)} has started from the tab of the preliminaries: their results can no longer be corrected.`;
