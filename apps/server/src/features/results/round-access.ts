/**
 * Who may look at a round once it is over (its page, chat, evidence, replay): the shared `canViewReplay` rule. A live
 * round is open to anyone signed in, as a spectator; a finished one is its debaters' and judge's, a practice round's
 * team's, and anyone's only while its debaters keep the replay public.
 */
import { canPostInRound, canViewReplay, type TSessionUser } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { seatsOfRow, type TDebatesDeps } from '../debates/debate-view';
import type { TDebateRow } from '../debates/debates.repository';
import { membershipOf } from '../teams/teams.service';

export async function requireRoundViewer(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<void> {
  const seats = seatsOfRow(row);
  if (row.status === 'live' || canPostInRound(user, seats)) return;
  const isTeamRound = row.teamId !== null;
  const membership = isTeamRound ? await membershipOf(deps, row.teamId!, user.id) : null;
  if (canViewReplay(user, { ...seats, isTeamRound, isPrivate: Number(row.replayPrivate) === 1 }, membership)) return;
  if (isTeamRound) {
    throw new AppError('forbidden', 'This practice round is for its team.', undefined, 'not_team_member');
  }
  throw new AppError('forbidden', 'The debaters keep this round’s replay private.', undefined, 'replay_private');
}
