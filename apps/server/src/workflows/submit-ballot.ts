/**
 * A judge's ballot, through the ballot route: refused once the round's tournament is finished (tournaments rank above
 * results, which never know of tournaments), else recorded by the results' own rules.
 */
import type { TDebate, TSessionUser, TSubmitBallotRequest } from '@resolved/shared';
import type { TDebatesDeps } from '../context';
import { submitBallot as recordBallot } from '../features/results/results.service';
import { refuseBallotAfterFinish } from '../features/tournaments/tournament-ballots';

export async function submitBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  ballot: TSubmitBallotRequest,
): Promise<TDebate> {
  await refuseBallotAfterFinish(deps, debateId);
  return recordBallot(deps, user, debateId, ballot);
}
