/**
 * What the tournament pages say of a tournament of teams (issue 40, item 6): its partners to name, a team's pending
 * confirmations, whom a host may bring in, the speaker tab's team names and the awards. Pure, so it is unit tested.
 */
import {
  FORMATS,
  isTeamOnlyFormat,
  teamSizeOf,
  type TFormatId,
  type TPartnerChoice,
  type TPartnersWanted,
  type TTournament,
  type TTournamentDivisionStandings,
  type TTournamentEntrant,
  type TTournamentSpeakerRow,
  type TTournamentStandingRow,
} from '@resolved/shared';
import { ApiError } from '../../lib/api';

/**
 * The create form's choices of debaters per entrant for a format: none to make for a format debated alone (LD); one
 * debater or a team of the format's size for Public Forum and Parliamentary; a team only for Policy, World Schools and
 * British Parliamentary (teams of two: `teamSizeOf`, not its round's bench of four).
 */
export function entrantChoices(formatId: TFormatId): { teamSize: number; label: string }[] {
  const size = teamSizeOf(formatId);
  if (size === 1) return [];
  const team = { teamSize: size, label: `Teams of ${size}` };
  return isTeamOnlyFormat(formatId) ? [team] : [{ teamSize: 1, label: 'One debater each' }, team];
}

/** The debaters per entrant a new tournament of this format starts with: one where it may, else the format's team. */
export const defaultTeamSize = (formatId: TFormatId) => (isTeamOnlyFormat(formatId) ? teamSizeOf(formatId) : 1);

/** Whether each entrant is a team (of the format's size) rather than one debater. */
export const isTeamTournament = (tournament: Pick<TTournament, 'teamSize'>) => tournament.teamSize > 1;

/** The partners' fields' labels: "Your partner", or "Partner 1", "Partner 2" for a team of three. */
export function partnerLabels(count: number): string[] {
  return count === 1 ? ['Your partner'] : Array.from({ length: count }, (_, i) => `Partner ${i + 1}`);
}

/** Why the partners chosen cannot be sent yet (each field chosen, no one twice), or null. */
export function partnersRefusal(partnerIds: readonly (string | null)[]): string | null {
  const chosen = partnerIds.filter((id): id is string => id !== null && id !== '');
  if (chosen.length < partnerIds.length) {
    return partnerIds.length === 1 ? 'Name your partner.' : `Name your ${partnerIds.length} partners.`;
  }
  return new Set(chosen).size === chosen.length ? null : 'Name each partner once.';
}

/** The refusal of an entry by code that named too few partners: which format, how many to name; else null. */
export function partnersWantedOf(error: unknown): TPartnersWanted | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return null;
  const details = error.details as Partial<TPartnersWanted> | undefined;
  if (typeof details?.partnersWanted !== 'number' || typeof details.formatId !== 'string') return null;
  if (!(details.formatId in FORMATS) || details.partnersWanted < 1) return null;
  return { formatId: details.formatId as TFormatId, partnersWanted: details.partnersWanted };
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cy". */
function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What a team's member reads of their team until it is drawn: whom it waits for ("you" for the viewer), or null once
 * every member has confirmed.
 */
export function waitingText(entrant: Pick<TTournamentEntrant, 'members'>, viewerId: string | null): string | null {
  const pending = entrant.members.filter((m) => !m.isConfirmed);
  if (pending.length === 0) return null;
  const others = pending.filter((m) => m.userId !== viewerId).map((m) => m.displayName);
  const isViewerPending = pending.some((m) => m.userId === viewerId);
  if (isViewerPending) {
    return others.length === 0
      ? 'Your team is drawn once you confirm.'
      : `Your team is drawn once you and ${namesText(others)} confirm.`;
  }
  return `Waiting for ${namesText(others)} to confirm. Your team is drawn once ${
    others.length === 1 ? 'they have' : 'they all have'
  }.`;
}

/** Whether the viewer is named in this team and has not confirmed yet. */
export const mustConfirm = (entrant: Pick<TTournamentEntrant, 'members'>, viewerId: string | null) =>
  entrant.members.some((m) => m.userId === viewerId && !m.isConfirmed);

/**
 * Whether a host may replace this member (the server's rule): a team still in the tournament, which is not over; its
 * captain (the first member, whom past rounds name) only before the first round.
 */
export function canReplaceMember(
  tournament: Pick<TTournament, 'status'>,
  entrant: Pick<TTournamentEntrant, 'isWithdrawn' | 'members'>,
  userId: string,
): boolean {
  if (entrant.isWithdrawn || tournament.status === 'finished') return false;
  const index = entrant.members.findIndex((m) => m.userId === userId);
  return index > 0 || (index === 0 && tournament.status === 'registration');
}

/** Whom a host may bring into a team: their partner choices less anyone already in a team still in the tournament. */
export function replacementChoices(
  choices: readonly TPartnerChoice[],
  entrants: readonly Pick<TTournamentEntrant, 'isWithdrawn' | 'members'>[],
): TPartnerChoice[] {
  const taken = new Set(entrants.filter((e) => !e.isWithdrawn).flatMap((e) => e.members.map((m) => m.userId)));
  return choices.filter((c) => !taken.has(c.userId));
}

/** Each team's name by entrant id as the tab gives it (a private team by its public name), for the speaker tab. */
export function teamNamesOf(division: TTournamentDivisionStandings): Map<number, string> {
  return new Map([
    ...division.privateEntrants.map((p) => [p.entrantId, p.displayName] as const),
    ...division.standings.map((s) => [s.entrantId, s.displayName] as const),
  ]);
}

/** The teams the awards name: the first `count` ranks of the tab that have debated (ties share a rank). */
export function topTeams(division: TTournamentDivisionStandings, count: number): TTournamentStandingRow[] {
  return division.standings.filter((s) => s.wins + s.losses > 0 && s.rank <= count);
}

/** The speakers the awards name: the first `count` ranks of the speaker tab (ties share a rank). */
export function topSpeakers(division: TTournamentDivisionStandings, count: number): TTournamentSpeakerRow[] {
  return division.speakers.filter((s) => s.rounds > 0 && s.rank <= count);
}

/** The host's CSV export of the speaker tab (the server's `speakers` file). */
export const speakerTabCsvUrl = (tournamentId: number) => `/api/tournaments/${tournamentId}/export/speakers.csv`;
