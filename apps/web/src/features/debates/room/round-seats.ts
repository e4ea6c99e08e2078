/**
 * A round's debaters as the room shows them (issue 40): each side as a team, the viewer's own seat, and who gives the
 * speech now. Sides of one (Lincoln Douglas, one-on-one practice) read as before: their one debater gives every
 * speech of the side.
 */
import {
  BP_SIDE_OF,
  BP_SIDES,
  debaterSeatOf,
  FORMATS,
  GUIDE_FORMATS,
  isBpPosition,
  type TBpSide,
  positionOf,
  speakerOf,
  speechesOfClock,
  type TDebate,
  type TDebateSeat,
  type TSideKey,
} from '@resolved/shared';

/** A round as these read it: its first seats and, in a snapshot that has them, every seat. */
type TSeatedRound = Pick<TDebate, 'debaters'> & Partial<Pick<TDebate, 'seats'>>;

/** The round's seats, or its two first seats for a snapshot without them. */
export function seatsOfRound(debate: TSeatedRound): TDebateSeat[] {
  if (debate.seats && debate.seats.length > 0) return debate.seats;
  return (['a', 'b'] as const).map((side) => ({ ...debate.debaters[side], side, position: null }));
}

/** The viewer's seat (side and speaker position), or null when they debate in no seat of the round. */
export function viewerSeat(debate: TSeatedRound, userId: string | undefined) {
  return userId ? debaterSeatOf({ seats: seatsOfRound(debate) }, userId) : null;
}

/** One side's debaters, its first seat first. */
export function teamOf(debate: TSeatedRound, side: TSideKey): TDebateSeat[] {
  return seatsOfRound(debate).filter((seat) => seat.side === side);
}

/** A British Parliamentary team's name: "Opening Government". */
export function bpTeamName(team: TBpSide): string {
  return GUIDE_FORMATS.bp.sides[team] ?? team;
}

/**
 * The seat's side as the room names it: its side ("Pro", "Government"), or in British Parliamentary its team
 * ("Closing Opposition"), which follows from its position.
 */
export function sideName(debate: Pick<TDebate, 'formatId'>, seat: Pick<TDebateSeat, 'side' | 'position'>): string {
  if (debate.formatId === 'bp' && isBpPosition(seat.position)) return bpTeamName(BP_SIDE_OF[seat.position]);
  return FORMATS[debate.formatId].sides[seat.side];
}

/** A BP room's four teams in the format's order, each with its two seats in speaking order. */
export function bpTeamsOf(debate: TSeatedRound): { team: TBpSide; name: string; seats: TDebateSeat[] }[] {
  const seats = seatsOfRound(debate);
  return BP_SIDES.map((team) => {
    const order = GUIDE_FORMATS.bp.sideList.find((side) => side.key === team)!.positions.map((p) => p.id);
    const members = seats
      .filter((seat) => isBpPosition(seat.position) && BP_SIDE_OF[seat.position] === team)
      .sort((x, y) => order.indexOf(x.position!) - order.indexOf(y.position!));
    return { team, name: bpTeamName(team), seats: members };
  });
}

/** A seat's speaker position in words ("First speaker", "PM"), or null on a side of one. */
export function positionName(debate: Pick<TDebate, 'formatId'>, seat: Pick<TDebateSeat, 'side' | 'position'>) {
  if (!seat.position) return null;
  // British Parliamentary's positions by their short names: PM, DLO, MG, OW.
  if (debate.formatId === 'bp') {
    return positionOf(FORMATS.bp, { side: seat.side, position: seat.position })?.short ?? seat.position;
  }
  return positionOf(FORMATS[debate.formatId], { side: seat.side, position: seat.position })?.name ?? seat.position;
}

/** The names of a side's debaters, joined: "Ann and Ben". */
export function namesOf(seats: readonly Pick<TDebateSeat, 'displayName'>[]): string {
  const names = seats.map((seat) => seat.displayName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Who gives the current speech, in a line for the clock ("Speaking: Ann (Pro, First speaker)"), in a round whose sides
 * seat teams; null between speeches' end and in a one-on-one round (its speech names say whose it is).
 */
export function currentSpeakersText(debate: TSeatedRound & Pick<TDebate, 'formatId' | 'clock'>): string | null {
  const seats = seatsOfRound(debate);
  if (!seats.some((seat) => seat.position !== null) || debate.clock.phase === 'finished') return null;
  const speech = speechesOfClock(debate.clock)[debate.clock.speechIndex];
  if (!speech) return null;
  const format = FORMATS[debate.formatId];
  const ids = speakerOf(format, speech, { seats });
  const people = seats
    .filter((seat) => ids.includes(seat.userId))
    .map((seat) => `${seat.displayName} (${sideName(debate, seat)}, ${positionName(debate, seat) ?? 'every speech'})`);
  if (people.length === 0) return null;
  const lead =
    speech.kind === 'crossfire'
      ? 'In this crossfire'
      : speech.kind === 'cross-examination'
        ? 'In this cross-examination'
        : 'Speaking';
  return `${lead}: ${people.join(', ')}`;
}

/**
 * Every debater's own say on recording the round or letting spectators watch (`choice`), read from their seats: the
 * viewer's own (null when they hold no seat), and how many of how many agreed. A snapshot whose seats carry no
 * choice reads each side's first seat, as before seats.
 */
export function seatChoices(
  debate: TSeatedRound & Pick<TDebate, 'recordConsent' | 'spectatorWatch'>,
  choice: 'recordConsent' | 'spectatorWatch',
  userId: string | null | undefined,
): { mine: boolean | null; agreed: number; total: number } {
  const seats = seatsOfRound(debate);
  const of = (seat: TDebateSeat) => seat[choice] ?? debate[choice][seat.side];
  const own = seats.find((seat) => seat.userId === userId);
  return {
    mine: own ? of(own) : null,
    agreed: seats.filter(of).length,
    total: seats.length,
  };
}
