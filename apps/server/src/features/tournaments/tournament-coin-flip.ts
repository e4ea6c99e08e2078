/**
 * A Public Forum tournament round's coin flip choices, made in the room before its clock can start
 * (`debate/coin-flip.ts` in shared): the winner chooses a side or the speaking order, then the other debater the other
 * kind (in a round of teams, any member of the winning team, then any member of the other). Each choice is recorded on
 * the round once; a side choice moves the debaters' seats (side A is Pro) and the
 * pairing's sides with them, in one transaction under the tournament's lock (as a host's swap), and the order becomes
 * the round's `firstSide`. Everyone in the room sees it live (`debate.updated`), the tournament's pages on its next
 * `tournament.changed`.
 */
import {
  coinFlipChoiceRefusal,
  coinFlipSeats,
  coinFlipStep,
  refusalOf,
  type TCoinFlipPick,
  type TDebate,
  type TSessionUser,
} from '@resolved/shared';
import { AppError, refusedError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import * as rounds from '../debates/rounds.service';
import * as hostRepo from './tournament-host.repository';
import * as repo from './tournaments.repository';
import { lockKey, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';

/** Records `user`'s coin flip choice `pick` in round `debateId`; refused (403/409) out of turn or of the same kind. */
export async function chooseAfterCoinFlip(
  deps: TTournamentsDeps,
  user: TSessionUser,
  debateId: number,
  pick: TCoinFlipPick,
): Promise<TDebate> {
  const tx = rounds.debatesDb(deps.database.db);
  if (!(await rounds.findDebate(tx, debateId))) throw new AppError('not_found', 'That debate does not exist.');
  const pairing = await repo.findPairingByDebate(deps.database.db, debateId);
  if (!pairing) throw refusedError(refusalOf('no_coin_flip'));
  await withKeyLock(deps.database, lockKey(pairing.tournamentId), async (trx) => {
    const db = rounds.debatesDb(trx);
    const row = (await rounds.findDebate(db, debateId))!;
    const flip = rounds.coinFlipOfRow(row);
    // Every seat: in a round of teams any member of the side the flip names chooses for it.
    const seats = await rounds.seatsOfRounds(trx, [debateId]);
    const round = { ...row, hasClockRun: Number(row.clockVersion) > 0, seats };
    const refusal = coinFlipChoiceRefusal(flip, round, user.id, pick);
    if (refusal || !flip) throw refusedError(refusal ?? refusalOf('no_coin_flip'));
    const isWinnerStep = coinFlipStep(flip) === 'winner';
    const next = isWinnerStep ? { ...flip, winnerChoice: pick } : { ...flip, loserChoice: pick };
    // Not null: the rule refused two choices of one kind.
    const outcome = coinFlipSeats({ a: row.debaterAId, b: row.debaterBId }, next)!;
    const isRecorded = await rounds.recordCoinFlipChoice(db, debateId, {
      column: isWinnerStep ? 'coinFlipWinnerChoice' : 'coinFlipLoserChoice',
      pick,
      ...outcome,
    });
    if (!isRecorded) throw refusedError(refusalOf('coin_flip_made'));
    if (outcome.isSwap) await hostRepo.swapPairingSides(trx, pairing.id);
  });
  const debate = await emitDebateUpdated(deps, debateId);
  await emitChanged(deps, pairing.tournamentId);
  return debate;
}
