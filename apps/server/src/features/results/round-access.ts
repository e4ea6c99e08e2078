/**
 * Who may look at a round once it is over (its page, chat, evidence, replay): the shared `canViewReplay` rule. A live
 * round is open to anyone signed in, as a spectator; a finished one is its debaters' and judge's, a practice round's
 * team's, and anyone's only while its debaters keep the replay public.
 */
import { blockedPairRefusal, canPostInRound, canViewReplay, type TSessionUser } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { seatsOfRow, type TDebatesDeps } from '../debates/debate-view';
import type { TDebateRow } from '../debates/debates.repository';
import { membershipOf } from '../teams/teams.service';
import { isBlockedByAny } from '../blocks/blocks.service';

/**
 * Why `user` may not look at this round, or null when they may. A visitor is answered as a signed-in stranger would
 * be (signing in is all a live or public round asks of them); the routes themselves still require sign-in. Someone
 * a debater or the judge blocked does not watch their rounds, live or replayed (issue 23).
 */
export async function roundViewRefusal(
  deps: TDebatesDeps,
  user: TSessionUser | null,
  row: TDebateRow,
): Promise<AppError | null> {
  const seats = seatsOfRow(row);
  if (user && canPostInRound(user, seats)) return null;
  if (user) {
    const people = [row.debaterAId, row.debaterBId, ...(row.judgeId ? [row.judgeId] : [])];
    const refusal = blockedPairRefusal('spectate', await isBlockedByAny(deps, people, user.id));
    if (refusal) return new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  }
  if (row.status === 'live') return null;
  const isTeamRound = row.teamId !== null;
  const membership = isTeamRound && user ? await membershipOf(deps, row.teamId!, user.id) : null;
  const viewer = user ?? { id: '', role: 'user' as const };
  if (canViewReplay(viewer, { ...seats, isTeamRound, isPrivate: Number(row.replayPrivate) === 1 }, membership)) {
    return null;
  }
  if (isTeamRound)
    return new AppError('forbidden', 'This practice round is for its team.', undefined, 'not_team_member');
  return new AppError('forbidden', 'The debaters keep this round’s replay private.', undefined, 'replay_private');
}

export async function requireRoundViewer(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<void> {
  const refusal = await roundViewRefusal(deps, user, row);
  if (refusal) throw refusal;
}
