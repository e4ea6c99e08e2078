import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TTournamentDivisionStandings, TTournamentStandingRow } from '@resolved/shared';
import { BpCorrectionForm } from './BpCorrectionForm';
import { judgedBpRoom } from './bp-room-fixture';
import { BpStandings } from './TournamentBpStandings';
import { BpRooms } from './TournamentBpRooms';

/** The text of the rendered markup, tags dropped. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const rooms = (element: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('a host’s BP room card', () => {
  it('offers "Correct result" on a judged room to its host, and to no one else', () => {
    const room = judgedBpRoom();
    expect(textOf(rooms(<BpRooms rooms={[room]} viewer="host" tournamentId={7} />))).toContain('Correct result');
    // An entrant reads the room without its speakers (the server leaves them out), and no correction.
    const entrantView = { ...room, speakers: [] };
    expect(textOf(rooms(<BpRooms rooms={[entrantView]} viewer="entrant" entrantId={1} />))).not.toContain(
      'Correct result',
    );
    expect(textOf(rooms(<BpRooms rooms={[room]} viewer="results" />))).not.toContain('Correct result');
    const live = judgedBpRoom({ debateStatus: 'live', results: null });
    expect(textOf(rooms(<BpRooms rooms={[live]} viewer="host" tournamentId={7} />))).not.toContain('Correct result');
  });

  it('offers "Change chair" on a room not started yet to its host, and to no one else', () => {
    const live = judgedBpRoom({ debateStatus: 'live', results: null });
    expect(textOf(rooms(<BpRooms rooms={[live]} viewer="host" tournamentId={7} />))).toContain('Change chair');
    expect(textOf(rooms(<BpRooms rooms={[live]} viewer="entrant" entrantId={1} />))).not.toContain('Change chair');
    expect(textOf(rooms(<BpRooms rooms={[judgedBpRoom()]} viewer="host" tournamentId={7} />))).not.toContain(
      'Change chair',
    );
  });

  it('opens the correction on the places and points of record, a team that forfeited kept in its place', () => {
    const room = judgedBpRoom({
      forfeits: { co: 4 },
      speakers: judgedBpRoom().speakers.map((s) =>
        s.position === 'mo' || s.position === 'ow' ? { ...s, points: null } : s,
      ),
    });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <BpCorrectionForm tournamentId={7} room={room} onDone={() => undefined} />
      </QueryClientProvider>,
    );
    // Opening Government first, as the ballot of record has it; the Prime Minister's 80.
    expect(html).toMatch(/<option value="1" selected="">First \(3 team points\)<\/option>/);
    expect(html).toMatch(/Speaker points: PM \(PM\)<\/label><input[^>]*value="80"/);
    // Three places to give: the fourth is the forfeit's.
    expect(html).not.toContain('Fourth (0 team points)');
    expect(textOf(html)).toContain('Closing Opposition Forfeited: fourth place, no team or speaker points.');
    expect(textOf(html)).toContain('Reason');
  });
});

describe('a BP team tab', () => {
  it('shows the rank each team is given: teams level on points share one, in the server’s order', () => {
    const row = (
      entrantId: number,
      rank: number,
      teamPoints: number,
      speakerPoints: number,
    ): TTournamentStandingRow => ({
      rank,
      entrantId,
      userId: `c${entrantId}`,
      displayName: `Team ${entrantId}`,
      teamName: null,
      memberNames: [`Team ${entrantId}`],
      isWithdrawn: false,
      wins: 0,
      losses: 1,
      byes: 0,
      speakerPoints,
      isHighLowDropped: false,
      opponentWins: 0,
      bp: { teamPoints, rooms: 1, positions: { og: 1, oo: 0, cg: 0, co: 0 } },
    });
    const division: TTournamentDivisionStandings = {
      divisionId: 1,
      name: 'Open',
      resultsCounted: 1,
      standings: [row(4, 1, 3, 159), row(2, 2, 2, 153), row(9, 2, 2, 153), row(5, 4, 1, 147)],
      privateEntrants: [],
      speakers: [],
    };
    const rows = renderToStaticMarkup(<BpStandings division={division} />)
      .split('<tr')
      .slice(2)
      .map((tr) => textOf(`<tr${tr}`).split(' ').slice(0, 3).join(' '));
    expect(rows).toEqual(['1 Team 4', '2 Team 2', '2 Team 9', '4 Team 5']);
  });
});
