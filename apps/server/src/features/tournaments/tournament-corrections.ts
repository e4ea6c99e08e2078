/**
 * A host's correction of a confirmed result (winner, and a ballot's speaker points, with a reason), also after the
 * tournament is over: the result of record changes (`results/result-corrections.ts`), and with it the tab, the
 * exports and the round's own page; ratings and points given are not re-applied (see docs/decisions.md). A round
 * drawn from the result — an elimination result's next round (its winner went on), a preliminary result's first
 * elimination round (the break was seeded from the tab) — is drawn again in the same transaction if none of its
 * debates has started, and the correction is refused (409) once one has. An elimination round's walkover (no debate)
 * is corrected the same way, its winner only (`tournament-walkover-correction.ts`).
 */
import { type TSessionUser, type TTournamentResultCorrection, type TTournamentRound } from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { correctResultIn } from '../results/result-corrections';
import * as hostRepo from './tournament-host.repository';
import type { TTournamentRow } from './tournaments.tables';
import { requireManager, type TTournamentsDeps } from './tournament-access';
import { namesOf, presentedRound, requireDebatePairing } from './tournament-host';
import { followCorrection, runCorrection, type TCorrected } from './tournament-correction-follow';
import { correctWalkoverIn } from './tournament-walkover-correction';

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
  const corrected = await runCorrection(deps, user, row, found?.number ?? null, (trx, plan) =>
    correctAnyIn(trx, user, row, pairingId, input, plan),
  );
  return presentedRound(deps, id, corrected.number);
}

/** A walkover's correction (its winner) or a debate's (`correctIn`), by what the pairing is. */
async function correctAnyIn(
  trx: Kysely<DB>,
  user: TSessionUser,
  row: TTournamentRow,
  pairingId: number,
  input: TTournamentResultCorrection,
  plan: { redraw: number | null },
): Promise<TCorrected> {
  const pairing = await hostRepo.findPairing(trx, row.id, pairingId);
  if (pairing && Number(pairing.isBye) === 1 && pairing.negEntrantId !== null) {
    return correctWalkoverIn(trx, user, row, pairing, input, plan);
  }
  return correctIn(trx, user, row, pairingId, input, plan);
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
  const calledOff = await followCorrection(trx, user, row, pairing.number, input.reason, plan);
  return { debateId, number: pairing.number, calledOff };
}
