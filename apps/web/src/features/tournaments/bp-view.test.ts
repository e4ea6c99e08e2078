import { describe, expect, it } from 'vitest';
import type { TBpSide, TTournamentBpRoom } from '@resolved/shared';
import {
  bpBreakHint,
  bpChampions,
  bpPanelText,
  bpRoomTeams,
  breakChoices,
  breakLabel,
  motionRounds,
  ownBpSide,
  ownLiveBpRoom,
  placeText,
} from './bp-view';

const team = (entrantId: number, ...memberNames: [string, string]) => ({
  entrantId,
  userId: `u${entrantId}`,
  displayName: memberNames.join(' & '),
  memberNames,
});

const RANKS: Record<TBpSide, number> = { og: 3, oo: 1, cg: 4, co: 2 };

function room(overrides: Partial<TTournamentBpRoom> = {}): TTournamentBpRoom {
  return {
    id: 1,
    divisionId: 1,
    debateId: 10,
    bracket: 0,
    teams: {
      og: team(1, 'Ann', 'Ben'),
      oo: team(2, 'Cy', 'Dee'),
      cg: team(3, 'Eve', 'Fay'),
      co: team(4, 'Gus', 'Hal'),
    },
    debateStatus: 'live',
    panel: [],
    results: null,
    forfeits: {},
    speakers: [],
    ...overrides,
  };
}

const judged = (ranks: Record<TBpSide, number> = RANKS) =>
  Object.fromEntries(
    Object.entries(ranks).map(([side, rank]) => [side, { rank, teamPoints: 4 - rank, speakerPoints: 150 - rank }]),
  ) as TTournamentBpRoom['results'];

describe('the create form’s BP choices', () => {
  it('offers BP breaks of four teams doubled, and the two-sided breaks otherwise', () => {
    expect(breakChoices('bp')).toEqual([0, 4, 8, 16, 32, 64]);
    expect(breakChoices('ld')).toEqual([0, 2, 4, 8, 16]);
  });

  it('says a BP break in teams and rooms, a two-sided one as before', () => {
    expect(breakLabel('bp', 0)).toBe('No elimination rounds');
    expect(breakLabel('bp', 4)).toBe('Top 4 teams (a final of 4)');
    expect(breakLabel('bp', 16)).toBe('Top 16 teams (4 rooms)');
    expect(breakLabel('pf', 8)).toBe('Top 8');
  });

  it('names the elimination rounds a BP break makes, the top two of each room going through', () => {
    expect(bpBreakHint(3, 8)).toBe('Rooms of four: the top two of each room go through. Semifinals, then Final.');
    expect(bpBreakHint(3, 4)).toBe('Rooms of four: the top two of each room go through. Final.');
    expect(bpBreakHint(3, 0)).toMatch(/no elimination rounds/);
  });
});

describe('a BP room', () => {
  it('lists its teams by position in speaking order, with each one’s result once judged', () => {
    expect(bpRoomTeams(room()).map((t) => [t.name, t.team?.displayName, t.result])).toEqual([
      ['Opening Government', 'Ann & Ben', null],
      ['Opening Opposition', 'Cy & Dee', null],
      ['Closing Government', 'Eve & Fay', null],
      ['Closing Opposition', 'Gus & Hal', null],
    ]);
    const results = bpRoomTeams(room({ results: judged() })).map((t) => t.result?.rank);
    expect(results).toEqual([3, 1, 4, 2]);
  });

  it('says places as ordinals', () => {
    expect([1, 2, 3, 4].map(placeText)).toEqual(['1st', '2nd', '3rd', '4th']);
  });

  it('finds an entrant’s position, and none for a team not in the room', () => {
    expect(ownBpSide(room(), 3)).toBe('cg');
    expect(ownBpSide(room(), 9)).toBeNull();
    expect(ownBpSide(room(), null)).toBeNull();
  });

  it('names the chair and the wings', () => {
    expect(bpPanelText(room())).toBeNull();
    expect(bpPanelText(room({ panel: [{ userId: 'j1', displayName: 'Jo' }] }))).toBe('Chair: Jo');
    const panel = ['Jo', 'Kim', 'Lu'].map((displayName, i) => ({ userId: `j${i}`, displayName }));
    expect(bpPanelText(room({ panel }))).toBe('Chair: Jo · Wings: Kim, Lu');
    expect(bpPanelText(room({ panel: panel.slice(0, 2) }))).toBe('Chair: Jo · Wing: Kim');
  });

  it('is an entrant’s live room only while it is live', () => {
    expect(ownLiveBpRoom({ bpRooms: [room()] }, 4)).toEqual({ debateId: 10, side: 'co' });
    expect(ownLiveBpRoom({ bpRooms: [room({ debateStatus: 'judged' })] }, 4)).toBeNull();
    expect(ownLiveBpRoom({ bpRooms: [room()] }, 9)).toBeNull();
  });
});

describe('motionRounds', () => {
  it('covers every BP round up to the final, named, and Parli’s preliminary rounds only', () => {
    expect(motionRounds({ formatId: 'bp', prelimRounds: 2, breakSize: 8 })).toEqual([
      { number: 1, name: 'Round 1' },
      { number: 2, name: 'Round 2' },
      { number: 3, name: 'Semifinals' },
      { number: 4, name: 'Final' },
    ]);
    expect(motionRounds({ formatId: 'parli', prelimRounds: 2, breakSize: 8 }).map((r) => r.name)).toEqual([
      'Round 1',
      'Round 2',
    ]);
  });
});

describe('bpChampions', () => {
  const naming = { prelimRounds: 2, breakSize: 8 };
  it('is the team placed first in the final once its ballot is in', () => {
    const final = { number: 4, bpRooms: [room({ results: judged() })] };
    expect(bpChampions(naming, [{ number: 3, bpRooms: [room({ results: judged() })] }])).toEqual([]);
    expect(bpChampions(naming, [{ number: 4, bpRooms: [room()] }])).toEqual([]);
    expect(bpChampions(naming, [final])).toEqual([{ divisionId: 1, champion: team(2, 'Cy', 'Dee') }]);
  });

  it('has none without a break: the tab is the result', () => {
    const last = { number: 2, bpRooms: [room({ results: judged() })] };
    expect(bpChampions({ prelimRounds: 2, breakSize: 0 }, [last])).toEqual([]);
  });
});
