/**
 * The one place a round's points are written: gathers the facts the shared `awardsFor` rules need, writes each
 * award (and each withheld award, at 0 points, with why) to the score ledger under the debate, and marks a round
 * whose debaters earned points (the repeat-pair window counts those), or why it did not count. Runs inside the transaction that ends the
 * round, so a round is settled exactly once.
 */
import {
  AWARD_RULES,
  awardsFor,
  wasJudgeSeatedBeforeSpeeches,
  type TAwardsOutcome,
  type TRoundEnding,
  type TSideKey,
} from '@resolved/shared';
import * as repo from './debates.repository';
import { markNotCounted, markRewarded, type TDebatesDb } from './debates.repository';
import { awardPoints } from '../users/score-ledger.service';
import type { TDebateRow } from './debates.tables';
import { debaterSeatsIn } from './round-row';
import { forfeitsOfRound, isOfForfeitedTeam } from './bp-clock';

export async function settleRound(
  tx: TDebatesDb,
  row: TDebateRow,
  ending: TRoundEnding,
  options: {
    winnerSide: TSideKey | null;
    forfeitedBy?: string;
    spokenMs: number;
    now: string;
    /** A panel: the judges the judging award goes to, each as a single judge's (default: the round's judge). */
    judgeIds?: readonly string[];
  },
): Promise<TAwardsOutcome> {
  const debateId = Number(row.id);
  const since = new Date(Date.parse(options.now) - AWARD_RULES.repeatWindowMs).toISOString();
  // Every debater seated on a side earns (or is withheld) what the side does; a forfeiter is any member of theirs.
  const seats = await debaterSeatsIn(tx, row);
  const sideIds = (side: TSideKey) => seats.filter((seat) => seat.side === side).map((seat) => seat.userId);
  // A BP team that forfeited while the room went on earns nothing of what its bench does.
  const forfeits = await forfeitsOfRound(tx, row);
  const isExcluded = (userId: string) =>
    isOfForfeitedTeam(seats.find((seat) => seat.userId === userId)?.position, forfeits);
  // The repeat-pair window reads every seat: any two opponents of this round who met across sides in the window.
  const repeats = await repo.countRewardedPairRounds(
    tx,
    { id: debateId, judgeId: row.judgeId, sides: { a: sideIds('a'), b: sideIds('b') } },
    since,
  );
  const forfeiterJoinedAt = seats.find((seat) => seat.userId === options.forfeitedBy)?.joinedAt ?? null;
  const outcome = awardsFor({
    debateId,
    formatId: row.formatId,
    speechMinutes: row.speechMinutes,
    // A BP room's forfeited teams give no speeches: the share is of the speeches the teams that stayed were to give.
    speechShareDue: 1 - Object.keys(forfeits).length / 4,
    ending,
    winnerSide: options.winnerSide,
    spokenMs: options.spokenMs,
    wasForfeiterPresent: forfeiterJoinedAt !== null,
    wasJudgeSeatedBeforeSpeeches: wasJudgeSeatedBeforeSpeeches(row),
    pairRoundsInWindow: repeats.pair,
    judgePairRoundsInWindow: repeats.judgePair,
  });
  const userOf = {
    a: sideIds('a').filter((id) => !isExcluded(id)),
    b: sideIds('b').filter((id) => !isExcluded(id)),
    judge: options.judgeIds ?? (row.judgeId ? [row.judgeId] : []),
  };
  for (const award of [...outcome.awards, ...outcome.withheld]) {
    for (const userId of userOf[award.recipient]) {
      await awardPoints(tx, { userId, amount: award.points, reason: award.reason, debateId }, options.now);
    }
  }
  if (outcome.awards.some((award) => award.recipient !== 'judge')) await markRewarded(tx, debateId);
  if (outcome.notCounted) await markNotCounted(tx, debateId, JSON.stringify(outcome.notCounted));
  return outcome;
}
