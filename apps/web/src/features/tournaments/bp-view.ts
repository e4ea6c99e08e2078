/**
 * What the tournament pages say of a British Parliamentary tournament (issue 41, item 4): its create form's choices,
 * its rooms of four teams (whose team sits where, each team's place and points once judged), an entrant's own room,
 * its motions' rounds and its champion (the final's first: BP has no bracket). Pure, so it is unit tested.
 */
import {
  BP_BREAK_SIZES,
  BP_SIDES,
  BRITISH_PARLIAMENTARY,
  eliminationRoundsOf,
  isFourTeamFormat,
  roundName,
  type TBpSide,
  type TFormatId,
  type TRoundNaming,
  type TTournamentBpRoom,
  type TTournamentDivisionStandings,
  type TTournamentEntrantRef,
} from '@resolved/shared';

/** Breaks the create form offers two-sided formats: none, or a power of two up to 16 (the server takes any up to 64). */
const TWO_SIDED_BREAKS = [0, 2, 4, 8, 16] as const;

/** The create form's breaks for a format: BP's four teams doubled (the top two of each room go through), or others'. */
export function breakChoices(formatId: TFormatId): readonly number[] {
  return isFourTeamFormat(formatId) ? BP_BREAK_SIZES : TWO_SIDED_BREAKS;
}

/** How the create form says a break: "No elimination rounds", "Top 8", and for BP "Top 8 teams (2 rooms)". */
export function breakLabel(formatId: TFormatId, breakSize: number): string {
  if (breakSize === 0) return 'No elimination rounds';
  if (!isFourTeamFormat(formatId)) return `Top ${breakSize}`;
  const rooms = breakSize / 4;
  return `Top ${breakSize} teams (${rooms === 1 ? 'a final of 4' : `${rooms} rooms`})`;
}

/** The create form's line under a BP break: how its elimination rounds run, by name ("Semifinals, then the final"). */
export function bpBreakHint(prelimRounds: number, breakSize: number): string {
  const naming = { prelimRounds, breakSize, formatId: 'bp' };
  const count = eliminationRoundsOf(naming);
  if (count === 0) return 'The tab after the preliminary rounds is the result: no elimination rounds.';
  const names = Array.from({ length: count }, (_, i) => roundName(prelimRounds + i + 1, naming));
  return `Rooms of four: the top two of each room go through. ${names.join(', then ')}.`;
}

/** The speech lengths a host chooses for a BP tournament. */
export const BP_SPEECH_CHOICES = [
  { minutes: 7, label: '7 minutes (universities)' },
  { minutes: 5, label: '5 minutes (schools)' },
] as const;

/** A BP team's position by name: "Opening Government"… (the four-team view of the format names them). */
export const bpSideName = (side: TBpSide) => BRITISH_PARLIAMENTARY.sides[side];

/** A team's place in its room: "1st", "2nd", "3rd", "4th". */
export function placeText(rank: number): string {
  const suffix = rank === 1 ? 'st' : rank === 2 ? 'nd' : rank === 3 ? 'rd' : 'th';
  return `${rank}${suffix}`;
}

/** A room's four positions in speaking order of their teams, each with its team (null: withdrawn) and its result. */
export function bpRoomTeams(room: TTournamentBpRoom): {
  side: TBpSide;
  name: string;
  team: TTournamentEntrantRef | null;
  result: { rank: number; teamPoints: number; speakerPoints: number } | null;
}[] {
  return BP_SIDES.map((side) => ({
    side,
    name: bpSideName(side),
    team: room.teams[side],
    result: room.results?.[side] ?? null,
  }));
}

/** The position an entrant's team holds in the room, or null when it is not in it. */
export function ownBpSide(room: TTournamentBpRoom, entrantId: number | null): TBpSide | null {
  if (entrantId === null) return null;
  return BP_SIDES.find((side) => room.teams[side]?.entrantId === entrantId) ?? null;
}

/** A BP room's chair and wings as a line: "Chair: Ann · Wings: Ben, Cy"; null without a judge. */
export function bpPanelText(room: Pick<TTournamentBpRoom, 'panel'>): string | null {
  const [chair, ...wings] = room.panel;
  if (!chair) return null;
  const wingText =
    wings.length === 0
      ? ''
      : ` · ${wings.length === 1 ? 'Wing' : 'Wings'}: ${wings.map((w) => w.displayName).join(', ')}`;
  return `Chair: ${chair.displayName}${wingText}`;
}

/** The rounds whose motion a host sets: BP's every round up to the final (its rooms debate their own), else prelims. */
export function motionRounds(tournament: TRoundNaming & { formatId: TFormatId }): { number: number; name: string }[] {
  const count =
    tournament.formatId === 'bp' ? tournament.prelimRounds + eliminationRoundsOf(tournament) : tournament.prelimRounds;
  return Array.from({ length: count }, (_, i) => ({ number: i + 1, name: roundName(i + 1, tournament) }));
}

/**
 * Each division's BP champion: the team placed first in its room of the last round (the final), once its ballot is in.
 * Read from the rounds the viewer is given; empty before the final is judged, or for a tournament with no break
 * (its tab is the result).
 */
export function bpChampions(
  tournament: TRoundNaming,
  rounds: readonly { number: number; bpRooms: readonly TTournamentBpRoom[] }[],
): { divisionId: number; champion: TTournamentEntrantRef }[] {
  const elims = eliminationRoundsOf({ ...tournament, formatId: 'bp' });
  if (elims === 0) return [];
  const final = rounds.find((round) => round.number === tournament.prelimRounds + elims);
  return (final?.bpRooms ?? []).flatMap((room) => {
    const first = BP_SIDES.find((side) => room.results?.[side].rank === 1);
    const champion = first ? room.teams[first] : null;
    return champion ? [{ divisionId: room.divisionId, champion }] : [];
  });
}

/** An entrant's own live BP room this round: its debate and position, for the dashboard's "Your tournament round". */
export function ownLiveBpRoom(
  round: { bpRooms: readonly TTournamentBpRoom[] },
  entrantId: number,
): { debateId: number; side: TBpSide } | null {
  for (const room of round.bpRooms) {
    const side = ownBpSide(room, entrantId);
    if (side && room.debateId !== null && room.debateStatus === 'live') return { debateId: room.debateId, side };
  }
  return null;
}

/** Whether a division's tab is a BP one (its rows carry team points): its team tab reads team points, not wins. */
export const isBpDivision = (division: Pick<TTournamentDivisionStandings, 'standings'>) =>
  division.standings.some((row) => row.bp !== null);

/**
 * Whether a host may correct the room's result here: judged (its ranked ballot in; a room decided by forfeits has
 * none) and read with its speakers, whose points the correction starts from (the hosts' view alone carries them).
 */
export const isBpRoomCorrectable = (room: Pick<TTournamentBpRoom, 'debateStatus' | 'results' | 'speakers'>) =>
  room.debateStatus === 'judged' && room.results !== null && room.speakers.length > 0;
