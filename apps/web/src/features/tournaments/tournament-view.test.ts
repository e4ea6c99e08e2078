import { describe, expect, it } from 'vitest';
import type { TTournament, TTournamentPairing } from '@resolved/shared';
import {
  availabilityRounds,
  accessOf,
  enterableDivisions,
  judgesOwedText,
  openTournamentRounds,
  byeText,
  entrantMembersText,
  ownPairing,
  pairingCoinFlipText,
  leftOutMessage,
  releasedMessage,
  releaseState,
} from './tournament-view';

/** An entrant's seat: one debater, or a team with its members listed (its name joined from them). */
const seat = (entrantId: number, ...memberNames: [string, ...string[]]) => ({
  entrantId,
  userId: `u${entrantId}`,
  displayName: memberNames.join(' & '),
  memberNames,
});

function pairing(overrides: Partial<TTournamentPairing>): TTournamentPairing {
  return {
    id: 1,
    divisionId: 1,
    debateId: 10,
    aff: seat(1, 'Ann'),
    neg: seat(2, 'Ben'),
    bye: null,
    walkoverFrom: null,
    flags: [],
    coinFlipWinner: null,
    coinFlip: null,
    debateStatus: 'live',
    judge: null,
    winnerEntrantId: null,
    panel: [],
    debaters: [],
    ...overrides,
  };
}

describe('releaseState', () => {
  const base = { status: 'registration' as const, prelimRounds: 2, roundsReleased: 0, entrantCount: 3 };

  it('offers round 1 once two have entered', () => {
    expect(releaseState(base)).toEqual({ number: 1, disabledReason: null });
  });

  it('disables round 1 with fewer than 2 entrants, saying how many there are', () => {
    expect(releaseState({ ...base, entrantCount: 1 })).toEqual({
      number: 1,
      disabledReason: 'A tournament needs at least 2 entrants to start; this one has 1.',
    });
  });

  it('offers the next round while the tournament runs, leaving result checks to the server', () => {
    expect(releaseState({ ...base, status: 'running', roundsReleased: 1 })).toEqual({
      number: 2,
      disabledReason: null,
    });
  });

  it('has nothing to release after the last preliminary round or once the tournament is over', () => {
    expect(releaseState({ ...base, status: 'running', roundsReleased: 2 })).toEqual({
      number: null,
      disabledReason: 'Every preliminary round has been released.',
    });
    expect(releaseState({ ...base, status: 'finished', roundsReleased: 1 }).disabledReason).toBe(
      'This tournament is over.',
    );
  });

  it('offers the elimination rounds of the break after the preliminaries, up to the final', () => {
    const withBreak = { ...base, status: 'running' as const, breakSize: 4 };
    expect(releaseState({ ...withBreak, roundsReleased: 2 })).toEqual({ number: 3, disabledReason: null });
    expect(releaseState({ ...withBreak, roundsReleased: 3 })).toEqual({ number: 4, disabledReason: null });
    expect(releaseState({ ...withBreak, roundsReleased: 4 })).toEqual({
      number: null,
      disabledReason: 'Every round has been released.',
    });
  });
});

describe('ownPairing', () => {
  it('reads the side and opponent of either seat, the bye, or nothing for someone else', () => {
    const p = pairing({});
    expect(ownPairing(p, 1)).toEqual({ kind: 'debate', side: 'aff', opponent: seat(2, 'Ben') });
    expect(ownPairing(p, 2)).toEqual({ kind: 'debate', side: 'neg', opponent: seat(1, 'Ann') });
    expect(ownPairing(p, 3)).toBeNull();
    expect(ownPairing(pairing({ aff: null, neg: null, bye: seat(3, 'Cy'), debateId: null }), 3)).toEqual({
      kind: 'bye',
    });
  });

  it('reads a walkover from both sides', () => {
    const walkover = pairing({
      aff: null,
      neg: null,
      bye: seat(1, 'Ann'),
      walkoverFrom: seat(2, 'Ben'),
      debateId: null,
    });
    expect(ownPairing(walkover, 1)).toEqual({ kind: 'walkover' });
    expect(ownPairing(walkover, 2)).toEqual({ kind: 'walked_over' });
    expect(ownPairing(walkover, 3)).toBeNull();
  });
});

describe('byeText', () => {
  it('says a bye, a walkover and who did not take part, or nothing for a debate', () => {
    const bye = pairing({ aff: null, neg: null, bye: seat(1, 'Ann'), debateId: null });
    expect(byeText(bye, 'present')).toBe('Ann has the bye');
    expect(byeText(bye, 'past')).toBe('Ann had a bye');
    const walkover = { ...bye, walkoverFrom: seat(2, 'Ben') };
    expect(byeText(walkover, 'present')).toBe('Ann goes through: Ben cannot take part (walkover)');
    expect(byeText(walkover, 'past')).toBe('Ann went through: Ben did not take part (walkover)');
    // A host put Ann through instead of Ben, who went through at the release: nobody is said not to have come.
    const corrected = { ...walkover, flags: ['walkover_corrected' as const] };
    expect(byeText(corrected, 'present')).toBe(
      'Ann goes through: a host corrected the walkover, and Ben does not go on',
    );
    expect(byeText(corrected, 'past')).toBe('Ann went through: a host corrected the walkover, and Ben did not go on');
    expect(byeText(pairing({}), 'past')).toBeNull();
  });
});

describe('releasedMessage', () => {
  it('names the tournament, the round and the side, or the bye', () => {
    const payload = {
      tournamentId: 1,
      tournamentName: 'Fall Open',
      roundNumber: 2,
      roundName: 'Round 2',
      debateId: 5,
      side: 'neg' as const,
      asJudge: false,
    };
    expect(releasedMessage(payload)).toBe('Fall Open: round 2 is out. You debate on the negative — open your room.');
    expect(releasedMessage({ ...payload, debateId: null, side: null })).toBe(
      'Fall Open: round 2 is out. You have the bye this round (it counts as a win).',
    );
    expect(releasedMessage({ ...payload, side: null, asJudge: true })).toBe(
      'Fall Open: round 2 is out. You judge a debate — open the room.',
    );
    expect(releasedMessage({ ...payload, roundNumber: 3, roundName: 'Final' })).toBe(
      'Fall Open: the final is out. You debate on the negative — open your room.',
    );
    // A British Parliamentary debater is told their team's place, not a bench.
    expect(releasedMessage({ ...payload, side: 'aff', bpTeam: 'cg' })).toBe(
      'Fall Open: round 2 is out. You are Closing Government — open your room.',
    );
  });
});

describe('leftOutMessage', () => {
  it('names who a round was released without, never why', () => {
    const payload = {
      tournamentId: 1,
      tournamentName: 'Fall Open',
      roundNumber: 2,
      roundName: 'Round 2',
      isWalkover: false,
    };
    expect(leftOutMessage({ ...payload, displayNames: ['Ann'] })).toBe(
      'Fall Open: Ann cannot take part in rounds right now, so round 2 was released without them.',
    );
    expect(leftOutMessage({ ...payload, displayNames: ['Ann', 'Ben', 'Cy'] })).toBe(
      'Fall Open: Ann, Ben and Cy cannot take part in rounds right now, so round 2 was released without them all.',
    );
  });
  it('says an elimination round gave their opponents a walkover', () => {
    const payload = { tournamentId: 1, tournamentName: 'Fall Open', roundNumber: 4, roundName: 'Final' };
    expect(leftOutMessage({ ...payload, displayNames: ['Ann'], isWalkover: true })).toBe(
      'Fall Open: Ann cannot take part in rounds right now, so their opponent goes through by walkover in the final.',
    );
    expect(
      leftOutMessage({ ...payload, roundName: 'Semifinals', displayNames: ['Ann', 'Ben'], isWalkover: true }),
    ).toBe(
      'Fall Open: Ann and Ben cannot take part in rounds right now, so their opponents go through by walkover in the semifinals.',
    );
  });
});

describe('openTournamentRounds', () => {
  const entered = {
    id: 7,
    name: 'Fall Open',
    prelimRounds: 1,
    breakSize: 2,
    viewer: { isHost: false, isCohost: false, entrantId: 2, isJudge: false, isCoachOfEntrant: false },
  };
  const hosted = {
    id: 8,
    name: 'Hosted',
    prelimRounds: 1,
    breakSize: 0,
    viewer: { isHost: true, isCohost: false, entrantId: null, isJudge: false, isCoachOfEntrant: false },
  };

  it('lists the entrant’s live debates, newest round first, with its name, side and opponent', () => {
    const rounds = {
      7: [
        { number: 1, pairings: [pairing({ debateId: 10, debateStatus: 'judged' })] },
        { number: 2, pairings: [pairing({ id: 2, debateId: 11, aff: seat(2, 'Ben'), neg: seat(4, 'Di') })] },
      ],
      8: [{ number: 1, pairings: [pairing({ debateId: 12 })] }],
    } as Record<number, { number: number; pairings: TTournamentPairing[] }[]>;
    expect(openTournamentRounds([entered, hosted], (id) => rounds[id])).toEqual([
      {
        tournamentId: 7,
        tournamentName: 'Fall Open',
        roundNumber: 2,
        roundName: 'Final',
        debateId: 11,
        side: 'aff',
        sideName: 'Affirmative',
        opponentName: 'Di',
      },
    ]);
  });

  it('lists an entrant’s live British Parliamentary room by their team’s position', () => {
    const room = (debateId: number, debateStatus: 'live' | 'judged', og: number) => ({
      id: debateId,
      divisionId: 1,
      debateId,
      bracket: 0,
      teams: {
        og: seat(og, 'Ann', 'Ben'),
        oo: seat(5, 'Cy', 'Dee'),
        cg: seat(6, 'Eve', 'Fay'),
        co: seat(2, 'Gus', 'Hal'),
      },
      debateStatus,
      panel: [],
      results: null,
      forfeits: {},
      speakers: [],
    });
    const bp = { ...entered, prelimRounds: 2, breakSize: 0, formatId: 'bp' as const };
    const rounds = [
      { number: 1, pairings: [], bpRooms: [room(20, 'judged', 1)] },
      { number: 2, pairings: [], bpRooms: [room(21, 'live', 3)] },
    ];
    expect(openTournamentRounds([bp], () => rounds)).toEqual([
      {
        tournamentId: 7,
        tournamentName: 'Fall Open',
        roundNumber: 2,
        roundName: 'Round 2',
        debateId: 21,
        side: 'co',
        sideName: 'Closing Opposition',
        opponentName: null,
      },
    ]);
  });

  it('has nothing for a bye, a finished debate or rounds not loaded yet', () => {
    const bye = pairing({ aff: null, neg: null, bye: seat(2, 'Ben'), debateId: null, debateStatus: null });
    expect(openTournamentRounds([entered], () => [{ number: 1, pairings: [bye] }])).toEqual([]);
    expect(openTournamentRounds([entered], () => undefined)).toEqual([]);
  });
});

describe('enterableDivisions', () => {
  it('offers each division the host named once, an open tournament’s two pools of a name as that name', () => {
    const unsplit = [
      { id: 1, name: 'Novice', entryName: 'Novice' },
      { id: 2, name: 'Varsity', entryName: 'Varsity' },
    ];
    expect(enterableDivisions(unsplit)).toEqual(unsplit);
    const open = [
      { id: 3, name: 'Open · pool A', entryName: 'Open' },
      { id: 4, name: 'Open · pool B', entryName: 'Open' },
      { id: 5, name: 'JV · pool A', entryName: 'JV' },
      { id: 6, name: 'JV · pool B', entryName: 'JV' },
    ];
    expect(enterableDivisions(open).map((d) => d.id)).toEqual([3, 5]);
  });
});

describe('accessOf', () => {
  const tournament = (viewer: Partial<TTournament['viewer']>, publishedAt: string | null = null) => ({
    viewer: { isHost: false, isCohost: false, entrantId: null, isJudge: false, isCoachOfEntrant: false, ...viewer },
    publishedAt,
  });
  it('asks for a pool judge’s rooms and an insider’s entrants, as the server gives them', () => {
    const judge = accessOf(tournament({ isJudge: true }), { role: 'user' });
    expect(judge).toMatchObject({ canSeeOwnPairings: true, canSeeAllPairings: false, canSeeEntrants: true });
    const coach = accessOf(tournament({ isCoachOfEntrant: true }, '2026-01-01T00:00:00Z'), { role: 'user' });
    expect(coach).toMatchObject({ canSeeEntrants: true, isMinorsPrivate: false });
    const stranger = accessOf(tournament({}, '2026-01-01T00:00:00Z'), { role: 'user' });
    expect(stranger).toMatchObject({ canSeeEntrants: false, canSeeTab: true, isMinorsPrivate: true });
    expect(accessOf(tournament({}), null)).toMatchObject({ canSeeTab: false, canSeeEntrants: false });
  });
});

describe('availabilityRounds', () => {
  it('lists every preliminary and elimination round, closed once released, available unless said otherwise', () => {
    const rounds = availabilityRounds({ prelimRounds: 2, breakSize: 4, roundsReleased: 1 }, [2, 4]);
    expect(rounds).toEqual([
      { number: 1, name: 'Round 1', isReleased: true, isAvailable: true },
      { number: 2, name: 'Round 2', isReleased: false, isAvailable: false },
      { number: 3, name: 'Semifinals', isReleased: false, isAvailable: true },
      { number: 4, name: 'Final', isReleased: false, isAvailable: false },
    ]);
    expect(availabilityRounds({ prelimRounds: 3, breakSize: 0, roundsReleased: 0 }, []).map((r) => r.name)).toEqual([
      'Round 1',
      'Round 2',
      'Round 3',
    ]);
  });
});

describe('judgesOwedText', () => {
  it('says how many more judges, in the singular for one', () => {
    expect(judgesOwedText({ missing: 1, tournamentName: 'Spring Open' })).toBe('Bring 1 more judge to Spring Open');
    expect(judgesOwedText({ missing: 3, tournamentName: 'Fall Classic' })).toBe('Bring 3 more judges to Fall Classic');
  });
});

describe('pairingCoinFlipText', () => {
  const flip = (winnerChoice: 'aff' | 'neg' | 'first' | 'second' | null, loserChoice: typeof winnerChoice = null) =>
    pairing({ coinFlipWinner: seat(1, 'Ann'), coinFlip: { winnerId: 'u1', winnerChoice, loserChoice } });

  it('says who won and what each debater chose so far, "you" for the viewer', () => {
    expect(pairingCoinFlipText(flip(null), null)).toBe(
      'Ann won the coin flip and chooses a side or the speaking order.',
    );
    expect(pairingCoinFlipText(flip(null), 1)).toBe('You won the coin flip and choose a side or the speaking order.');
    expect(pairingCoinFlipText(flip('neg'), 2)).toBe(
      'Ann won the coin flip and chose Con; you choose the speaking order next.',
    );
    expect(pairingCoinFlipText(flip('neg', 'first'), null)).toBe(
      'Ann won the coin flip and chose Con; Ben chose to speak first.',
    );
    expect(pairingCoinFlipText(flip('second', 'aff'), 1)).toBe(
      'You won the coin flip and chose to speak second; Ben chose Pro.',
    );
  });

  it('names a team by its members, "you" for any member of the viewer’s team', () => {
    const teams = (winnerChoice: 'aff' | 'neg' | 'first' | 'second' | null, loserChoice: typeof winnerChoice = null) =>
      pairing({
        aff: seat(1, 'Ann Lee', 'Bo Ode'),
        neg: seat(2, 'Cy Park', 'Di Roe', 'Ed Sun'),
        coinFlipWinner: seat(1, 'Ann Lee', 'Bo Ode'),
        coinFlip: { winnerId: 'u1', winnerChoice, loserChoice },
      });
    expect(pairingCoinFlipText(teams(null), null)).toBe(
      'Ann Lee and Bo Ode won the coin flip and choose a side or the speaking order.',
    );
    expect(pairingCoinFlipText(teams('neg'), null)).toBe(
      'Ann Lee and Bo Ode won the coin flip and chose Con; Cy Park, Di Roe and Ed Sun choose the speaking order next.',
    );
    expect(pairingCoinFlipText(teams('neg', 'first'), 2)).toBe(
      'Ann Lee and Bo Ode won the coin flip and chose Con; you chose to speak first.',
    );
    expect(pairingCoinFlipText(teams('second'), 1)).toBe(
      'You won the coin flip and chose to speak second; Cy Park, Di Roe and Ed Sun choose a side next.',
    );
  });

  it('reads who is in a team from its members, never by splitting a name with " & " in it', () => {
    const alone = pairing({
      aff: seat(1, 'Tom & Jerry'),
      coinFlipWinner: seat(1, 'Tom & Jerry'),
      coinFlip: { winnerId: 'u1', winnerChoice: null, loserChoice: null },
    });
    expect(pairingCoinFlipText(alone, null)).toBe(
      'Tom & Jerry won the coin flip and chooses a side or the speaking order.',
    );
    const team = seat(3, 'Tom & Jerry', 'Ann Lee');
    expect(entrantMembersText(team)).toBe('Tom & Jerry and Ann Lee');
    expect(entrantMembersText(seat(4, 'Tom & Jerry'))).toBe('Tom & Jerry');
  });

  it('says nothing without a coin flip or once a debater has withdrawn', () => {
    expect(pairingCoinFlipText(pairing({}), null)).toBeNull();
    expect(pairingCoinFlipText({ ...flip('neg'), neg: null }, null)).toBeNull();
  });
});
