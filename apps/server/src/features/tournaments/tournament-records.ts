/**
 * The records a draw is made from: each division's earlier rounds from confirmed results only (`outcomesOf`), a
 * team's points its side's on the ballot. Read by the release (`tournament-release.ts`) in its transaction.
 */
import type { TRoundRecord } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { outcomesOf } from '../results/results.service';
import { withLateByes } from './tournament-judging';
import { doubleNoShows, pairingKey } from './tournament-no-shows';
import * as repo from './tournaments.repository';
import type { TEntrantRow } from './tournaments.tables';

/**
 * The earlier rounds of each division as the draw reads them, from confirmed results only: a round still waiting for
 * a result (live, waiting for its ballot, abandoned) keeps the next one from being drawn.
 */
export async function confirmedRecords(
  trx: Kysely<DB>,
  tournamentId: number,
  number: number,
  fields: Map<number, TEntrantRow[]>,
  divisionName: (divisionId: number) => string,
): Promise<Map<number, TRoundRecord[]>> {
  const pairings = (await repo.listPairings(trx, tournamentId)).filter((p) => p.number < number);
  const entrants = new Map((await repo.listEntrants(trx, tournamentId)).map((e) => [e.id, e]));
  const outcomes = await outcomesOf(
    trx,
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const records = new Map<number, TRoundRecord[]>();
  const waiting: string[] = [];
  // A debate neither debater came to has no result and never will: it counts for neither.
  const neitherCame = await doubleNoShows(trx, tournamentId);
  for (const divisionId of fields.keys()) {
    const list: TRoundRecord[] = [];
    for (let n = 1; n < number; n++) {
      const own = pairings.filter((p) => p.divisionId === divisionId && p.number === n);
      const debates = [];
      for (const p of own.filter((x) => !x.isBye)) {
        const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
        const aff = entrants.get(p.affEntrantId)!;
        if (neitherCame.has(pairingKey(p))) continue;
        if (!outcome?.isConfirmed) {
          waiting.push(divisionName(divisionId));
          continue;
        }
        debates.push({
          aff: String(p.affEntrantId),
          neg: String(p.negEntrantId),
          winner: outcome.winnerId === aff.userId ? ('aff' as const) : ('neg' as const),
          affPoints: outcome.sidePointsOf(aff.userId),
          negPoints: outcome.sidePointsOf(entrants.get(p.negEntrantId!)!.userId),
        });
      }
      list.push({ debates, byes: own.filter((x) => x.isBye).map((x) => String(x.affEntrantId)) });
    }
    const late = [...entrants.values()].map((e) => ({
      id: e.id,
      divisionId: e.divisionId,
      lateByes: e.lateByeScore ?? 0,
    }));
    records.set(divisionId, withLateByes(list, late, divisionId));
  }
  if (waiting.length > 0) {
    throw new AppError(
      'conflict',
      `Round ${number - 1} is not over: ${waiting.length} ${waiting.length === 1 ? 'debate has' : 'debates have'} no result yet. The next draw is made from confirmed results only.`,
    );
  }
  return records;
}
