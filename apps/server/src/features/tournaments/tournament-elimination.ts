/**
 * The elimination rounds of a tournament: the break (each division's top `breakSize` entrants by the tab of the
 * preliminaries, seeded 1 v N), each elimination round's pairings from the division's bracket
 * (`tournament-bracket.ts`), winners advanced from confirmed results, the champion, and the tournament finished when
 * every division's final is decided. Every function here runs inside the caller's transaction, under the
 * tournament's lock.
 */
import { computeStandings, eliminationRoundsOf, type TRoundRecord } from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { outcomesOf } from '../results/results.service';
import * as bracketRepo from './tournament-bracket.repository';
import { bracketRoundDraw, replayStoredBracket, seedStoredBracket, type TBracketRoundDraw } from './tournament-bracket';
import { doubleNoShows, hasUndecidedPairing, pairingKey } from './tournament-no-shows';
import * as repo from './tournaments.repository';
import { areBpRoomsIn, bpRoomsOf } from './tournament-bp-records';
import type { TEntrantRow, TTournamentRow } from './tournaments.tables';

/** The last round of the tournament: its final (or its last preliminary round when there is no break). */
export function lastRoundOf(tournament: Pick<TTournamentRow, 'prelimRounds' | 'breakSize' | 'formatId'>): number {
  return tournament.prelimRounds + eliminationRoundsOf(tournament);
}

/** Refuses elimination round `number` while a preliminary round is still a draft. */
export function checkPrelimsReleased(
  tournament: TTournamentRow,
  number: number,
  roundRows: readonly { number: number; status: string }[],
): void {
  if (number <= tournament.prelimRounds) return;
  const draft = roundRows.find((r) => r.number <= tournament.prelimRounds && r.status === 'draft');
  if (draft) {
    throw new AppError(
      'conflict',
      `The elimination rounds start when the ${tournament.prelimRounds} preliminary ${tournament.prelimRounds === 1 ? 'round is' : 'rounds are'} over: round ${draft.number} has not been released yet.`,
    );
  }
}

/**
 * The pairings of elimination round `number` for each division, from its bracket. The first elimination round
 * makes each division's bracket from its standings (`records`: every confirmed earlier round; the caller refused
 * any result still missing); a later one first advances the winners of the round before it.
 */
export async function planEliminationRound(
  trx: Kysely<DB>,
  tournament: TTournamentRow,
  number: number,
  fields: ReadonlyMap<number, readonly TEntrantRow[]>,
  records: ReadonlyMap<number, TRoundRecord[]>,
  divisionName: (divisionId: number) => string,
): Promise<Map<number, TBracketRoundDraw>> {
  const bracketRound = number - tournament.prelimRounds;
  if (bracketRound === 1) {
    const now = nowIso();
    for (const [divisionId, field] of fields) {
      if (field.length === 0) continue;
      if (tournament.breakSize > field.length) {
        throw new AppError(
          'validation_failed',
          `The break (${tournament.breakSize}) is larger than the field of ${divisionName(divisionId)} (${field.length} still in the tournament).`,
        );
      }
      // The tab of the preliminaries (the same order the standings show), active entrants only.
      const prelims = (records.get(divisionId) ?? []).slice(0, tournament.prelimRounds);
      const standings = computeStandings(
        field.map((e) => String(e.id)),
        prelims,
      );
      const seeded = standings.slice(0, tournament.breakSize).map((s) => Number(s.entrantId));
      await bracketRepo.upsertBracket(trx, {
        tournamentId: tournament.id,
        divisionId,
        data: await seedStoredBracket(divisionName(divisionId), seeded),
        now,
      });
    }
  } else {
    await reconcileResults(trx, tournament);
  }
  const plans = new Map<number, TBracketRoundDraw>();
  for (const bracket of await bracketRepo.listBrackets(trx, tournament.id)) {
    plans.set(Number(bracket.divisionId), bracketRoundDraw(bracket.data, bracketRound));
  }
  return plans;
}

/**
 * Brings each division's bracket to the confirmed elimination results of record (replayed from its seeding, so a
 * corrected result moves its winner and the champion; nothing changes when nothing did) and finishes the tournament
 * when its last round is decided: with a break, every division's final; with none, every debate of every preliminary
 * round (a debate neither debater came to counts as decided). Idempotent: the sequencer runs it at every wake (a
 * ballot's event only wakes it sooner), so an instance that dies between the final's ballot and its handler delays
 * the finish and never loses it. Returns whether the tournament finished now.
 */
export async function reconcileResults(trx: Kysely<DB>, tournament: TTournamentRow): Promise<boolean> {
  if (tournament.formatId === 'bp') return finishBp(trx, tournament);
  if (eliminationRoundsOf(tournament) === 0) return finishWithoutBreak(trx, tournament);
  const brackets = await bracketRepo.listBrackets(trx, tournament.id);
  if (brackets.length === 0) return false;
  // Debates, and walkovers (a bye naming who could not take part: their forfeit).
  const pairings = (await repo.listPairings(trx, tournament.id)).filter(
    (p) => p.number > tournament.prelimRounds && (p.isBye ? p.negEntrantId !== null : p.debateId !== null),
  );
  const entrants = new Map((await repo.listEntrants(trx, tournament.id)).map((e) => [e.id, e]));
  const outcomes = await outcomesOf(
    trx,
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const now = nowIso();
  for (const bracket of brackets) {
    // In round order (the pairings are listed by round): a round's winners meet in the next.
    const results = pairings
      .filter((p) => p.divisionId === bracket.divisionId)
      .flatMap((p) => {
        if (p.isBye) return [{ a: p.affEntrantId, b: p.negEntrantId!, winner: p.affEntrantId, isWalkover: true }];
        const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
        const aff = entrants.get(p.affEntrantId);
        if (!outcome?.isConfirmed || !aff || p.negEntrantId === null) return [];
        const winner = outcome.winnerId === aff.userId ? p.affEntrantId : p.negEntrantId;
        return [{ a: p.affEntrantId, b: p.negEntrantId, winner }];
      });
    const next = await replayStoredBracket(bracket.data, results);
    if (next.changed || next.champion !== bracket.championEntrantId) {
      await bracketRepo.updateBracket(trx, Number(bracket.id), {
        data: next.stored,
        championEntrantId: next.champion,
        now,
      });
    }
    bracket.championEntrantId = next.champion;
  }
  if (tournament.status !== 'running' || brackets.some((b) => b.championEntrantId === null)) return false;
  await repo.markComplete(trx, tournament.id, lastRoundOf(tournament), now);
  return bracketRepo.markFinished(trx, tournament.id, now);
}

/** A tournament with no break: finished when every preliminary round is released and each of its debates decided. */
async function finishWithoutBreak(trx: Kysely<DB>, tournament: TTournamentRow): Promise<boolean> {
  if (tournament.status !== 'running') return false;
  // First the cheap look: while a round's ballots come in, some debate is always still open.
  if (await hasUndecidedPairing(trx, tournament.id, null)) return false;
  const rounds = await repo.listRounds(trx, tournament.id);
  const prelims = rounds.filter((r) => r.number <= tournament.prelimRounds);
  const numbers = new Set(prelims.map((r) => r.number));
  if (numbers.size < tournament.prelimRounds || prelims.some((r) => r.status === 'draft')) return false;
  const pairings = (await repo.listPairings(trx, tournament.id)).filter((p) => !p.isBye);
  const outcomes = await outcomesOf(
    trx,
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const neitherCame = await doubleNoShows(trx, tournament.id);
  const isDecided = (p: (typeof pairings)[number]) =>
    neitherCame.has(pairingKey(p)) || (p.debateId !== null && outcomes.get(p.debateId)?.isConfirmed === true);
  if (!pairings.every(isDecided)) return false;
  const now = nowIso();
  await repo.markComplete(trx, tournament.id, lastRoundOf(tournament), now);
  return bracketRepo.markFinished(trx, tournament.id, now);
}

/**
 * A British Parliamentary tournament (no bracket: its elimination rooms are drawn from the rooms before them) is
 * finished when its last round (the final, or the last preliminary round without a break) is released and each of
 * its rooms has its ranked ballot (or was abandoned).
 */
async function finishBp(trx: Kysely<DB>, tournament: TTournamentRow): Promise<boolean> {
  if (tournament.status !== 'running') return false;
  const last = lastRoundOf(tournament);
  const rounds = await repo.listRounds(trx, tournament.id);
  if (rounds.some((r) => r.number <= last && r.status === 'draft')) return false;
  if (!areBpRoomsIn(await bpRoomsOf(trx, tournament.id), last)) return false;
  const now = nowIso();
  await repo.markComplete(trx, tournament.id, last, now);
  return bracketRepo.markFinished(trx, tournament.id, now);
}
