/**
 * The replay of a finished round: its speech timeline from the stored clock commands, the in-round chat, the
 * evidence (for those who may see it), the ballot and points (on the debate), and the viewer's own flow.
 */
import {
  canPostInRound,
  canSeeEvidence,
  canViewReplay,
  type TClockEvent,
  type TReplay,
  type TSessionUser,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { requireDebate, seatsOfRow, toDebate, type TDebatesDeps } from '../debates/debate-view';
import { listMessages } from '../debates/debates.service';
import { listEvidence } from '../evidence/evidence.service';
import { getFlow } from '../flows/flows.service';
import { membershipOf } from '../teams/teams.service';

export async function getReplay(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TReplay> {
  const row = await requireDebate(deps, debateId);
  if (row.status === 'live') throw new AppError('conflict', 'The replay opens when the round is over.');
  const seats = seatsOfRow(row);
  const isParticipant = canPostInRound(user, seats);
  // A team's practice round is the team's: its members and the round's participants; other rounds are public.
  const membership = row.teamId !== null && !isParticipant ? await membershipOf(deps, row.teamId, user.id) : null;
  if (!canViewReplay(user, { ...seats, isTeamRound: row.teamId !== null }, membership)) {
    throw new AppError('forbidden', 'This practice round’s replay is for its team.', undefined, 'not_team_member');
  }
  const events = await deps.database.db
    .selectFrom('debateClockEvents')
    .select(['action', 'phase', 'speechIndex', 'at'])
    .where('debateId', '=', debateId)
    .orderBy('id', 'asc')
    .execute();
  const isPublic = Number(row.evidencePublic) === 1;
  return {
    debate: await toDebate(deps, row),
    events: events.map((e): TClockEvent => ({ ...e, speechIndex: Number(e.speechIndex) })),
    messages: await listMessages(deps, debateId),
    evidence: canSeeEvidence(user, seats, isPublic) ? (await listEvidence(deps, user, debateId)).evidence : null,
    flow: isParticipant ? await getFlow(deps, user, debateId) : null,
  };
}
