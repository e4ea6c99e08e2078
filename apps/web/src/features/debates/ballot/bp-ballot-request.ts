/**
 * What the BP ballot form sends, from what the judge entered: each team's place and each speaker's points, leaving out
 * the teams that forfeited (they take their forfeit places with no points: `bpBallotResult` with the room's forfeits),
 * and the places the judge may give the teams that stayed (first down to the highest forfeit place, exclusive).
 */
import { BP_SIDES, type TBpForfeits, type TBpPosition, type TBpSide } from '@resolved/shared';

export function bpBallotRequestOf(
  teams: readonly { team: TBpSide; seats: readonly { userId: string; position: string | null }[] }[],
  entered: { ranks: Readonly<Record<TBpSide, string>>; points: Readonly<Record<string, string>> },
  forfeits: TBpForfeits,
): { ranks: Record<string, number | undefined>; speakerPoints: Record<string, number | undefined> } {
  const stayed = (team: TBpSide) => forfeits[team] === undefined;
  return {
    ranks: Object.fromEntries(BP_SIDES.filter(stayed).map((team) => [team, Number(entered.ranks[team]) || undefined])),
    speakerPoints: Object.fromEntries(
      teams
        .filter(({ team }) => stayed(team))
        .flatMap(({ seats }) =>
          seats.map((seat) => [
            seat.position as TBpPosition,
            entered.points[seat.userId] ? Number(entered.points[seat.userId]) : undefined,
          ]),
        ),
    ),
  };
}

/** The places the judge gives: 1 to 4 less the teams that forfeited (they hold the lowest places). */
export function placesToGive(forfeits: TBpForfeits): number[] {
  return [1, 2, 3, 4].slice(0, 4 - Object.keys(forfeits).length);
}
