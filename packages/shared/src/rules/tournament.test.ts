import { describe, expect, it } from 'vitest';
import {
  divisionLabel,
  publicName,
  tournamentAccess,
  tournamentRefusal,
  type TTournamentViewerFacts,
} from './tournament.js';

const nobody: TTournamentViewerFacts = {
  isSignedIn: true,
  isAdmin: false,
  isHost: false,
  isCohost: false,
  isEntrant: false,
  isJudge: false,
  isCoachOfEntrant: false,
  isPublished: false,
};
const viewers = {
  host: { ...nobody, isHost: true },
  cohost: { ...nobody, isCohost: true },
  entrant: { ...nobody, isEntrant: true },
  coach: { ...nobody, isCoachOfEntrant: true },
  judge: { ...nobody, isJudge: true },
  admin: { ...nobody, isAdmin: true },
  stranger: nobody,
  visitor: { ...nobody, isSignedIn: false },
};

describe('tournamentAccess', () => {
  it('lets the tournament’s own people see the whole tab and its entrants, and keeps minors private from others', () => {
    for (const [who, facts] of Object.entries(viewers)) {
      const access = tournamentAccess({ ...facts, isPublished: true });
      const isOwn = !['stranger', 'visitor'].includes(who);
      expect({ who, insider: access.isInsider, entrants: access.canSeeEntrants }).toEqual({
        who,
        insider: isOwn,
        entrants: isOwn,
      });
      expect(access.isMinorsPrivate).toBe(!isOwn);
      // Once published, everyone reads the tab and every pairing (with minors private from outsiders).
      expect(access.canSeeTab && access.canSeeAllPairings).toBe(true);
    }
  });

  it('keeps the draw and the tab to hosts, entrants and (their rooms) judges before publication', () => {
    const may = (facts: TTournamentViewerFacts) => ({
      all: tournamentAccess(facts).canSeeAllPairings,
      rounds: tournamentRefusal(facts, 'rounds') === null,
      tab: tournamentRefusal(facts, 'standings') === null,
    });
    expect(may(viewers.host)).toEqual({ all: true, rounds: true, tab: true });
    expect(may(viewers.entrant)).toEqual({ all: false, rounds: true, tab: true });
    // A pool judge reads the rooms they judge: the page asks for them as the server allows.
    expect(may(viewers.judge)).toEqual({ all: false, rounds: true, tab: false });
    expect(may(viewers.coach)).toEqual({ all: false, rounds: false, tab: false });
    expect(may(viewers.stranger)).toEqual({ all: false, rounds: false, tab: false });
    expect(tournamentRefusal(viewers.stranger, 'rounds')).toEqual({
      code: 'forbidden',
      reason: 'tournament_access',
      message: 'Only the tournament’s hosts, entrants and judges see its draw before it is published.',
    });
  });

  it('keeps managing to the hosts and the judge pool to hosts and judges', () => {
    expect(tournamentRefusal(viewers.cohost, 'manage')).toBeNull();
    expect(tournamentRefusal(viewers.admin, 'manage')?.message).toBe('Only the tournament’s hosts can do that.');
    expect(tournamentRefusal(viewers.entrant, 'manage')?.reason).toBe('tournament_access');
    expect(tournamentRefusal(viewers.judge, 'judges')).toBeNull();
    expect(tournamentRefusal(viewers.entrant, 'judges')?.reason).toBe('tournament_access');
    expect(tournamentRefusal({ ...viewers.stranger, isPublished: true }, 'entrants')?.message).toBe(
      'Only the tournament’s hosts, entrants, their coaches and its judges see its entrants.',
    );
  });
});

describe('publicName', () => {
  it('keeps the first word and initials the rest, and a one-word name to its initial', () => {
    expect(publicName('Ann Lee')).toBe('Ann L.');
    expect(publicName('  Ann   marie  Lee ')).toBe('Ann M. L.');
    expect(publicName('annlee2009')).toBe('A.');
    expect(publicName('Émile Zola')).toBe('Émile Z.');
    expect(publicName('   ')).toBe('An entrant');
  });
});

describe('divisionLabel', () => {
  it('names an open tournament’s pools without age words', () => {
    expect(divisionLabel('Open', null)).toBe('Open');
    expect(divisionLabel('Open', 'minor')).toBe('Open · pool A');
    expect(divisionLabel('Open', 'adult')).toBe('Open · pool B');
    expect(divisionLabel('Novice', 'minor')).not.toMatch(/18|minor|adult|age/i);
  });
});
