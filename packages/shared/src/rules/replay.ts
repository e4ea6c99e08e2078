/** Who may look at a finished round (its page, chat, evidence, replay) and who keeps its replay private. */
import { isDebaterOf, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';
import { canPostInRound, type TRoundRefusal, type TRoundSeats } from './round.js';
import { canViewTeam, type TTeamMembership } from './team.js';

/**
 * A finished round's replay, and its place in a debater's profile: its debaters and judge always; a team's practice
 * round also its team's members; any other round anyone signed in (as the live room is), unless a debater keeps
 * it private. `membership` is the actor's place on the round's team (null when outside it, or for a public round).
 */
export function canViewReplay(
  actor: TActor,
  round: TRoundSeats & { isTeamRound: boolean; isPrivate: boolean },
  membership: TTeamMembership,
): boolean {
  if (!actor || round.status === 'live') return false;
  if (canPostInRound(actor, round)) return true;
  return round.isTeamRound ? canViewTeam(membership) : !round.isPrivate;
}

/** A signed-in person with no seat in any round and no team: how a visitor is answered about a round. */
const STRANGER: NonNullable<TActor> = { id: '', role: 'user' };

/**
 * Looking at a round (its page, chat, evidence, replay). A live round is open to anyone signed in, as a spectator; a
 * finished one follows `canViewReplay`. A visitor is answered as a signed-in stranger would be (signing in is all a
 * live or public round asks of them; the routes still require it). `membership` is the actor's place on the round's
 * team (null when outside it, or for a public round; it is not read for a live round).
 */
export function roundViewRefusal(
  actor: TActor,
  round: TRoundSeats & { isTeamRound: boolean; isPrivate: boolean },
  membership: TTeamMembership,
): TRoundRefusal | null {
  if (round.status === 'live') return null;
  if (canViewReplay(actor ?? STRANGER, round, membership)) return null;
  return round.isTeamRound ? refusalOf('not_team_member', 'round_view') : refusalOf('replay_private');
}

/** Keeping a round's replay private (or public again): its debaters, whose round it is. */
export function replayPrivacyRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return refusalOf('not_in_round', 'replay_privacy');
}

export function canSetReplayPrivacy(actor: TActor, round: TRoundSeats): boolean {
  return replayPrivacyRefusal(actor, round) === null;
}
