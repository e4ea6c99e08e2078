/**
 * A British Parliamentary division's team tab (issue 41, item 4): rank, team, team points (3 for a first, 2, 1, 0),
 * speaker points, rooms debated and firsts, in the server's order (team points, then speaker points). A BP team has
 * no wins or losses or byes: it places in a room of four. Below `sm` the rooms and firsts move under the team's name,
 * as the two-sided tab does with its losses.
 */
import type { TTournamentDivisionStandings } from '@resolved/shared';
import { PrivateEntrantRows } from './PrivateEntrantRows';

const CELL = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';
const WIDE_ONLY = 'hidden sm:table-cell';

export function BpStandings({ division }: { division: TTournamentDivisionStandings }) {
  return (
    <table className="w-full text-sm" data-testid="tournament-standings">
      <caption className="mb-1 text-left text-sm text-slate-600">
        {division.name} · {division.resultsCounted} {division.resultsCounted === 1 ? 'room' : 'rooms'} counted
        {division.privateEntrants.length > 0 ? ' · ranks among the results shown' : ''}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Rank
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Team
          </th>
          <th scope="col" className={CELL}>
            <span className="sm:hidden" aria-hidden="true">
              TP
            </span>
            <span className="sr-only sm:not-sr-only">Team points</span>
          </th>
          <th scope="col" className={CELL}>
            <span className="sm:hidden" aria-hidden="true">
              Pts
            </span>
            <span className="sr-only sm:not-sr-only">Speaker points</span>
          </th>
          <th scope="col" className={`${CELL} ${WIDE_ONLY}`}>
            Rooms
          </th>
          <th scope="col" className={`${CELL} ${WIDE_ONLY}`}>
            Firsts
          </th>
        </tr>
      </thead>
      <tbody>
        {division.standings.map((s) => (
          <tr key={s.entrantId} className="border-b border-slate-100" data-testid="standing-row">
            <td className="px-1.5 py-1.5 sm:px-2">{s.rank}</td>
            <td className="px-1.5 py-1.5 [overflow-wrap:anywhere] sm:px-2">
              <span className="font-semibold">{s.displayName}</span>
              {s.isWithdrawn ? <span className="text-slate-500"> (withdrawn)</span> : null}
              {s.teamName ? <span className="block text-xs text-slate-500">{s.teamName}</span> : null}
              <span className="block text-xs text-slate-600 sm:hidden" data-testid="standing-more">
                {s.bp?.rooms ?? 0} {s.bp?.rooms === 1 ? 'room' : 'rooms'} · {s.wins} {s.wins === 1 ? 'first' : 'firsts'}
              </span>
            </td>
            <td className={CELL} data-testid="standing-team-points">
              {s.bp?.teamPoints ?? 0}
            </td>
            <td className={CELL} data-testid="standing-points">
              {s.speakerPoints.toFixed(1)}
              {s.isHighLowDropped ? <span className="sr-only"> (highest and lowest dropped)</span> : null}
            </td>
            <td className={`${CELL} ${WIDE_ONLY}`} data-testid="standing-rooms">
              {s.bp?.rooms ?? 0}
            </td>
            <td className={`${CELL} ${WIDE_ONLY}`} data-testid="standing-firsts">
              {s.wins}
            </td>
          </tr>
        ))}
        <PrivateEntrantRows entrants={division.privateEntrants} />
      </tbody>
    </table>
  );
}
