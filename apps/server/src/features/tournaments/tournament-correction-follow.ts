/**
 * What every host's correction of a round's result does around its own change (a debate's, `tournament-corrections.ts`;
 * a walkover's, `tournament-walkover-correction.ts`; a British Parliamentary room's, `tournament-bp-corrections.ts`):
 * one transaction under the tournament's lock, the round drawn from the result called off (refused once it has
 * started) and released again in it, an elimination result's bracket replayed, and the pages told.
 */
import { type TSessionUser, inSentence, roundName } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import { lastRoundOf, reconcileResults } from './tournament-elimination';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';
import { lockKey, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import { callOffRound } from './tournament-host';
import { releaseRoundBy } from './tournament-release';

/** What a correction changed: its debate (null: a walkover's), its round, and the rooms it called off. */
export type TCorrected = { debateId: number | null; number: number; calledOff: number[] };

/**
 * Runs a host's correction of a result of round `number` (null: not found, for `correctIn` to refuse) in one
 * transaction under the tournament's lock. When the round drawn from the result (`redrawnBy`) is released, the
 * correction, that round called off (`followCorrection`, which `correctIn` calls) and its release again are the
 * release's one transaction (`releaseRoundBy`, as a re-pair's), so a refused release refuses the correction and leaves
 * everything as it was. Then the corrected debate, the called-off rooms and the tournament's pages are told.
 */
export async function runCorrection(
  deps: TTournamentsDeps,
  user: TSessionUser,
  row: TTournamentRow,
  number: number | null,
  correctIn: (trx: Kysely<DB>, plan: { redraw: number | null }) => Promise<TCorrected>,
): Promise<TCorrected> {
  const next = number === null ? null : redrawnBy(row, number);
  const isRedraw =
    next !== null &&
    (await repo.listRounds(deps.database.db, row.id)).some((r) => r.number === next && r.status !== 'draft');
  let corrected: TCorrected | undefined;
  if (isRedraw) {
    const takeBack = async (trx: Kysely<DB>) => {
      corrected = await correctIn(trx, { redraw: next });
    };
    await releaseRoundBy(deps, user.id, row.id, next, { takeBack });
  } else {
    corrected = await withKeyLock(deps.database, lockKey(row.id), (trx) => correctIn(trx, { redraw: null }));
  }
  if (corrected!.debateId !== null) await emitDebateUpdated(deps, corrected!.debateId);
  for (const debateId of corrected!.calledOff) await emitDebateUpdated(deps, debateId);
  await emitChanged(deps, row.id);
  return corrected!;
}

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
            ? `${roundName(plan.redraw, row)} has started with ${wentOn(row)}: its result can no longer be corrected.`
            : elimsStarted(row, plan.redraw),
        });
  if (isElimination) await reconcileResults(trx, (await repo.findTournament(trx, id))!);
  return calledOff;
}

/** Who went on from an elimination result: a debate's winner, or a BP room's first two teams. */
const wentOn = (row: TTournamentRow) =>
  row.formatId === 'bp' ? 'the teams that went through from this room' : 'the winner of this debate';

const elimsStarted = (row: TTournamentRow, first: number) =>
  `${roundName(first, row)} has started from the tab of the preliminaries: their results can no longer be corrected.`;
