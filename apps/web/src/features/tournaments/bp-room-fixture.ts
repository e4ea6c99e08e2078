/** A judged British Parliamentary room as a host reads it, for the tournament pages' tests. */
import type { TBpPosition, TTournamentBpRoom } from '@resolved/shared';

/** Points of record by position: OG first (80, 79), then OO, CG, CO. */
export const RECORD_POINTS: Record<TBpPosition, number> = {
  pm: 80,
  dpm: 79,
  lo: 77,
  dlo: 76,
  mg: 74,
  gw: 73,
  mo: 71,
  ow: 70,
};

/** Room 3 of teams 1–4 (OG, OO, CG, CO) placed in that order, each speaker `u-<position>` named by position. */
export function judgedBpRoom(overrides: Partial<TTournamentBpRoom> = {}): TTournamentBpRoom {
  const team = (entrantId: number) => ({
    entrantId,
    userId: `c${entrantId}`,
    displayName: `Team ${entrantId}`,
    memberNames: [`Team ${entrantId}`],
  });
  const positions: TBpPosition[] = ['pm', 'lo', 'dpm', 'dlo', 'mg', 'mo', 'gw', 'ow'];
  return {
    id: 3,
    divisionId: 1,
    debateId: 30,
    bracket: 0,
    teams: { og: team(1), oo: team(2), cg: team(3), co: team(4) },
    debateStatus: 'judged',
    panel: [{ userId: 'j', displayName: 'Jo' }],
    results: {
      og: { rank: 1, teamPoints: 3, speakerPoints: 159 },
      oo: { rank: 2, teamPoints: 2, speakerPoints: 153 },
      cg: { rank: 3, teamPoints: 1, speakerPoints: 147 },
      co: { rank: 4, teamPoints: 0, speakerPoints: 141 },
    },
    forfeits: {},
    speakers: positions.map((position) => ({
      userId: `u-${position}`,
      displayName: position.toUpperCase(),
      position,
      points: RECORD_POINTS[position],
    })),
    ...overrides,
  };
}
