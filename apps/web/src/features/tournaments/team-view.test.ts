import { describe, expect, it } from 'vitest';
import type {
  TTournamentDivisionStandings,
  TTournamentEntrant,
  TTournamentSpeakerRow,
  TTournamentStandingRow,
} from '@resolved/shared';
import { ApiError } from '../../lib/api';
import {
  canReplaceMember,
  defaultTeamSize,
  entrantChoices,
  isTeamTournament,
  mustConfirm,
  partnerLabels,
  partnersRefusal,
  partnersWantedOf,
  replacementChoices,
  teamNamesOf,
  topSpeakers,
  topTeams,
  waitingText,
} from './team-view';

const member = (userId: string, displayName: string, isConfirmed: boolean) => ({ userId, displayName, isConfirmed });

function team(
  members: ReturnType<typeof member>[],
  isWithdrawn = false,
): Pick<TTournamentEntrant, 'members' | 'isWithdrawn'> {
  return { members, isWithdrawn };
}

function standing(entrantId: number, rank: number, displayName: string, wins = 1): TTournamentStandingRow {
  return {
    rank,
    entrantId,
    userId: `u${entrantId}`,
    displayName,
    memberNames: [displayName],
    teamName: null,
    isWithdrawn: false,
    wins,
    losses: 0,
    byes: 0,
    speakerPoints: 55,
    isHighLowDropped: false,
    opponentWins: 0,
    bp: null,
  };
}

function speaker(userId: string, rank: number, entrantId: number, rounds = 2): TTournamentSpeakerRow {
  return {
    rank,
    userId,
    displayName: userId,
    entrantId,
    speakerPoints: 56,
    isHighLowDropped: false,
    averagePoints: 28,
    rounds,
  };
}

function division(overrides: Partial<TTournamentDivisionStandings>): TTournamentDivisionStandings {
  return {
    divisionId: 1,
    name: 'Open',
    resultsCounted: 2,
    standings: [],
    privateEntrants: [],
    speakers: [],
    ...overrides,
  };
}

describe('a tournament of teams on its pages', () => {
  it('knows a tournament of teams by its team size', () => {
    expect(isTeamTournament({ teamSize: 1 })).toBe(false);
    expect(isTeamTournament({ teamSize: 2 })).toBe(true);
    expect(isTeamTournament({ teamSize: 3 })).toBe(true);
  });

  it('offers no entrant choice for LD, one debater or a team in PF and Parli, a team only in Policy and World Schools', () => {
    expect(entrantChoices('ld')).toEqual([]);
    expect(entrantChoices('pf')).toEqual([
      { teamSize: 1, label: 'One debater each' },
      { teamSize: 2, label: 'Teams of 2' },
    ]);
    expect(entrantChoices('parli').map((c) => c.teamSize)).toEqual([1, 2]);
    expect(entrantChoices('policy')).toEqual([{ teamSize: 2, label: 'Teams of 2' }]);
    expect(entrantChoices('ws')).toEqual([{ teamSize: 3, label: 'Teams of 3' }]);
    expect(['ld', 'pf', 'parli', 'policy', 'ws'].map((id) => defaultTeamSize(id as 'ld'))).toEqual([1, 1, 1, 2, 3]);
    // British Parliamentary: teams of two only (its round's bench seats four, two teams).
    expect(entrantChoices('bp')).toEqual([{ teamSize: 2, label: 'Teams of 2' }]);
    expect(defaultTeamSize('bp')).toBe(2);
  });

  it('labels one partner field, or numbers several', () => {
    expect(partnerLabels(1)).toEqual(['Your partner']);
    expect(partnerLabels(2)).toEqual(['Partner 1', 'Partner 2']);
  });

  it('asks for every partner, each once, before an entry is sent', () => {
    expect(partnersRefusal([null])).toBe('Name your partner.');
    expect(partnersRefusal(['a', null])).toBe('Name your 2 partners.');
    expect(partnersRefusal(['a', 'a'])).toBe('Name each partner once.');
    expect(partnersRefusal(['a'])).toBeNull();
    expect(partnersRefusal(['a', 'b'])).toBeNull();
  });

  it('reads the format and partners wanted from an entry by code refused for want of partners, and nothing else', () => {
    const wanted = new ApiError(400, 'validation_failed', 'Name your partner.', { formatId: 'pf', partnersWanted: 1 });
    expect(partnersWantedOf(wanted)).toEqual({ formatId: 'pf', partnersWanted: 1 });
    expect(partnersWantedOf(new ApiError(400, 'validation_failed', 'Bad', [{ path: 'x', message: 'y' }]))).toBeNull();
    expect(partnersWantedOf(new ApiError(400, 'validation_failed', 'Bad', { formatId: 'xx', partnersWanted: 1 }))).toBe(
      null,
    );
    expect(partnersWantedOf(new ApiError(409, 'conflict', 'Full', { formatId: 'pf', partnersWanted: 1 }))).toBeNull();
    expect(partnersWantedOf(new Error('network'))).toBeNull();
  });

  it('says whom a team waits for, from the captain’s side and the partner’s', () => {
    const pending = team([member('ann', 'Ann', true), member('ben', 'Ben', false)]);
    expect(waitingText(pending, 'ann')).toBe('Waiting for Ben to confirm. Your team is drawn once they have.');
    expect(waitingText(pending, 'ben')).toBe('Your team is drawn once you confirm.');
    const three = team([member('ann', 'Ann', true), member('ben', 'Ben', false), member('cy', 'Cy', false)]);
    expect(waitingText(three, 'ann')).toBe('Waiting for Ben and Cy to confirm. Your team is drawn once they all have.');
    expect(waitingText(three, 'ben')).toBe('Your team is drawn once you and Cy confirm.');
    expect(waitingText(team([member('ann', 'Ann', true), member('ben', 'Ben', true)]), 'ann')).toBeNull();
    expect(mustConfirm(pending, 'ben')).toBe(true);
    expect(mustConfirm(pending, 'ann')).toBe(false);
    expect(mustConfirm(pending, null)).toBe(false);
  });

  it('lets a host replace a partner until the end, the captain only before the first round', () => {
    const entrant = team([member('ann', 'Ann', true), member('ben', 'Ben', true)]);
    expect(canReplaceMember({ status: 'registration' }, entrant, 'ann')).toBe(true);
    expect(canReplaceMember({ status: 'registration' }, entrant, 'ben')).toBe(true);
    expect(canReplaceMember({ status: 'running' }, entrant, 'ann')).toBe(false);
    expect(canReplaceMember({ status: 'running' }, entrant, 'ben')).toBe(true);
    expect(canReplaceMember({ status: 'finished' }, entrant, 'ben')).toBe(false);
    expect(canReplaceMember({ status: 'running' }, { ...entrant, isWithdrawn: true }, 'ben')).toBe(false);
    expect(canReplaceMember({ status: 'running' }, entrant, 'someone')).toBe(false);
  });

  it('offers as newcomers only those in no team still in the tournament', () => {
    const choices = ['ann', 'cy', 'dee'].map((userId) => ({ userId, displayName: userId, via: 'teammate' as const }));
    const entrants = [
      team([member('ann', 'Ann', true), member('ben', 'Ben', true)]),
      team([member('dee', 'Dee', true), member('eve', 'Eve', true)], true),
    ];
    expect(replacementChoices(choices, entrants).map((c) => c.userId)).toEqual(['cy', 'dee']);
  });

  it('names a speaker’s team from the tab, a private team by its public name', () => {
    const names = teamNamesOf(
      division({
        standings: [standing(1, 1, 'Ann Lee & Ben Ode')],
        privateEntrants: [{ entrantId: 2, displayName: 'Cy L. & Dee M.' }],
      }),
    );
    expect(names.get(1)).toBe('Ann Lee & Ben Ode');
    expect(names.get(2)).toBe('Cy L. & Dee M.');
  });

  it('awards the top ranks of the team tab and of the speaker tab, ties included, none without a round', () => {
    const tab = division({
      standings: [standing(1, 1, 'A & B'), standing(2, 2, 'C & D'), standing(3, 2, 'E & F'), standing(4, 4, 'G & H')],
      speakers: [speaker('a', 1, 1), speaker('b', 2, 1), speaker('c', 2, 2), speaker('d', 4, 2), speaker('e', 5, 3, 0)],
    });
    expect(topTeams(tab, 3).map((s) => s.entrantId)).toEqual([1, 2, 3]);
    expect(topTeams(division({ standings: [standing(1, 1, 'A & B', 0)] }), 3)).toEqual([]);
    expect(topSpeakers(tab, 2).map((s) => s.userId)).toEqual(['a', 'b', 'c']);
    expect(topSpeakers(tab, 5).map((s) => s.userId)).toEqual(['a', 'b', 'c', 'd']);
  });
});
