/**
 * A judge's ballot, through the ballot route: refused once the round's tournament is finished (tournaments rank above
 * results, which never know of tournaments), else recorded by the results' own rules. The body's shape follows the
 * round's format: a British Parliamentary room's ranks its four teams (`ZBpBallotRequest`, `submitBpBallot`), every
 * other round's names the winning side (`ZSubmitBallotRequest`).
 */
import { ZBpBallotRequest, ZSubmitBallotRequest, type TDebate, type TSessionUser } from '@resolved/shared';
import type { TDebatesDeps } from '../context';
import { parseOrThrow } from '../lib/errors';
import { requireDebate } from '../features/debates/round-row';
import { submitBpBallot } from '../features/results/bp-ballots';
import { submitBallot as recordBallot } from '../features/results/results.service';
import { refuseBallotAfterFinish } from '../features/tournaments/tournament-ballots';

export async function submitBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  body: unknown,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  if (row.formatId === 'bp') {
    const ranked = parseOrThrow(ZBpBallotRequest, body);
    await refuseBallotAfterFinish(deps, debateId);
    return submitBpBallot(deps, user, debateId, ranked);
  }
  const ballot = parseOrThrow(ZSubmitBallotRequest, body);
  await refuseBallotAfterFinish(deps, debateId);
  return recordBallot(deps, user, debateId, ballot);
}
