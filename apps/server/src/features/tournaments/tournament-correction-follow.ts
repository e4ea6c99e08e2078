/**
 * What every host's correction of a round's result does after its own change (a debate's, `tournament-corrections.ts`,
 * or a walkover's, `tournament-walkover-correction.ts`): the round drawn from the result called off (refused once it
 * has started) for the caller to release again, and an elimination result's bracket replayed.
 */
import { type TSessionUser, inSentence, roundName } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lastRoundOf, reconcileResults } from './tournament-elimination';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';
import { callOffRound } from './tournament-host';

/**
 * The round a corrected result of round `number` was drawn from, if any: an elimination result's next round (its
 * winner went on), and a preliminary result's first elimination round (the break was seeded from the tab). Null: a
 * preliminary result with no break, or the final.
 */
export function redrawnBy(row: TTournamentRow, number: number): number | null {
  if (number > row.prelimRounds) return number < lastRoundOf(row) ? number + 1 : null;
  return row.breakSize > 0 ? row.prelimRounds + 1 : null;
}

/**
 * What every correction of round `number` does after its own change, in its transaction: the round drawn from the
 * result (`plan.redraw`, released) called off — refused once one of its debates has started — and for an
 * elimination result the bracket replayed. Returns the called-off debates.
 */
export async function followCorrection(
  trx: Kysely<DB>,
  user: TSessionUser,
  row: TTournamentRow,
  number: number,
  reason: string,
  plan: { redraw: number | null },
): Promise<number[]> {
  const id = row.id;
  const isElimination = number > row.prelimRounds;
  const next = redrawnBy(row, number);
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
          reason,
          seeds: nextRows,
          text: `Drawn again after a corrected result of ${inSentence(roundName(number, row))}`,
          startedMessage: isElimination
            ? `${roundName(plan.redraw, row)} has started with the winner of this debate: its result can no longer be corrected.`
            : elimsStarted(row, plan.redraw),
        });
  if (isElimination) await reconcileResults(trx, (await repo.findTournament(trx, id))!);
  return calledOff;
}

const elimsStarted = (row: TTournamentRow, first: number) =>
  `${roundName(first, row)} has started from the tab of the preliminaries: their results can no longer be corrected.`;
