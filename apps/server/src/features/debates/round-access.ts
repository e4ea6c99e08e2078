/**
 * Who may look at a round (its page, chat, evidence, replay): the shared `roundViewRefusal` rule, with the reader's
 * place on the round's team read here. A live round is open to anyone signed in, as a spectator; a finished one is
 * its debaters' and judge's, a practice round's team's, and anyone's only while its debaters keep the replay public.
 */
import {
  blockedPairRefusal,
  canPostInRound,
  debatersOf,
  judgesOf,
  roundViewRefusal,
  type TSessionUser,
} from '@resolved/shared';
import { refusedError, type AppError } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import { roundSeatsOf } from './round-row';
import type { TDebateRow } from './debates.tables';
import { membershipOf } from '../memberships/memberships.service';
import { isBlockedByAny } from '../blocks/blocks.service';

/**
 * Why `user` may not look at this round, or null when they may. A visitor is answered as a signed-in stranger would
 * be (signing in is all a live or public round asks of them); the routes themselves still require sign-in. Someone
 * any debater (partners too) or judge blocked does not watch their rounds, live or replayed.
 */
export async function findRoundViewRefusal(
  deps: TDebatesDeps,
  user: TSessionUser | null,
  row: TDebateRow,
): Promise<AppError | null> {
  const seats = await roundSeatsOf(deps, row);
  if (user && !canPostInRound(user, seats)) {
    const people = [...debatersOf(seats), ...judgesOf(seats)];
    const blocked = blockedPairRefusal('spectate', await isBlockedByAny(deps, people, user.id));
    if (blocked) return refusedError(blocked);
  }
  const isTeamRound = row.kind === 'team';
  // The team is asked only when the rule would read the answer: a finished practice round, someone without a seat.
  const readsMembership = isTeamRound && user && row.status !== 'live' && !canPostInRound(user, seats);
  const membership = readsMembership && row.teamId !== null ? await membershipOf(deps, row.teamId, user.id) : null;
  const refusal = roundViewRefusal(
    user,
    { ...seats, isTeamRound, isPrivate: Number(row.replayPrivate) === 1 },
    membership,
  );
  return refusal ? refusedError(refusal) : null;
}

export async function requireRoundViewer(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<void> {
  const refusal = await findRoundViewRefusal(deps, user, row);
  if (refusal) throw refusal;
}
