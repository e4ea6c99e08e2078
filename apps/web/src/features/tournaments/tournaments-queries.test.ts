import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TTournament } from '@resolved/shared';
import { judgingKeys, refreshTournamentPages, scheduleKey, tournamentKeys } from './tournaments-queries';
import { tournamentHostKeys } from './tournament-host-queries';

const ID = 7;

/** A client holding every query a tournament's page may have, with the viewer's record. */
function pageWith(viewer: Partial<TTournament['viewer']>, publishedAt: string | null = null) {
  const client = new QueryClient();
  const record = {
    id: ID,
    publishedAt,
    viewer: { isHost: false, isCohost: false, entrantId: 3, isJudge: false, isCoachOfEntrant: false, ...viewer },
  } as unknown as TTournament;
  client.setQueryData(tournamentKeys.tournament(ID), record);
  const keys = {
    entrants: tournamentKeys.entrants(ID),
    rounds: tournamentKeys.rounds(ID),
    standings: tournamentKeys.standings(ID),
    bracket: tournamentKeys.bracket(ID),
    schedule: scheduleKey(ID),
    paradigms: judgingKeys.paradigms(ID),
    obligations: judgingKeys.obligations(ID),
    audit: tournamentHostKeys.audit(ID),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  const refetched = () =>
    [
      ...(client.getQueryState(tournamentKeys.tournament(ID))?.isInvalidated ? ['tournament'] : []),
      ...Object.entries(keys).flatMap(([name, key]) => (client.getQueryState(key)?.isInvalidated ? [name] : [])),
    ].sort();
  return { client, refetched };
}

describe('refreshTournamentPages: what a change refetches', () => {
  it('a ballot: an entrant sent the tab reads only the bracket; its own pairing comes as `rounds`', async () => {
    const page = pageWith({});
    await refreshTournamentPages(page.client, ID, ['results', 'tab'], true);
    expect(page.refetched()).toEqual(['audit', 'bracket']);
    await refreshTournamentPages(page.client, ID, ['rounds'], true);
    expect(page.refetched()).toEqual(['audit', 'bracket', 'rounds']);
  });

  it('a ballot: a page not sent the tab reads it; one that shows every pairing reads the rounds', async () => {
    const stranger = pageWith({ entrantId: null }, '2026-12-01T00:00:00.000Z');
    await refreshTournamentPages(stranger.client, ID, ['results', 'tab']);
    expect(stranger.refetched()).toEqual(['audit', 'bracket', 'rounds', 'standings']);
    const host = pageWith({ isHost: true, entrantId: null });
    await refreshTournamentPages(host.client, ID, ['results', 'tab'], true);
    expect(host.refetched()).toEqual(['audit', 'bracket', 'rounds']);
  });

  it('every part (a reconnection, an unnamed change) refetches everything, the tab too', async () => {
    const page = pageWith({});
    await refreshTournamentPages(page.client, ID);
    expect(page.refetched()).toEqual([
      'audit',
      'bracket',
      'entrants',
      'obligations',
      'paradigms',
      'rounds',
      'schedule',
      'standings',
      'tournament',
    ]);
  });

  it('the schedule alone (a round whose results are all in)', async () => {
    const page = pageWith({});
    await refreshTournamentPages(page.client, ID, ['schedule'], true);
    expect(page.refetched()).toEqual(['schedule']);
  });
});
