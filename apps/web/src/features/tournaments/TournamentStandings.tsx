import type { TTournamentDivisionStandings } from '@resolved/shared';
import { PrivateEntrantRows } from './PrivateEntrantRows';

const CELL = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';
/** Columns a phone leaves out of the table: their figures move under the debater's name instead. */
const WIDE_ONLY = 'hidden sm:table-cell';

/**
 * One division's tab: rank, entrant, wins and losses, speaker points (with the high-low drop) and opponents' wins. In
 * a tournament of teams each row is a team, named by its members, its points its debaters' together.
 * Live: the page's query is refreshed by `tournament.changed` after every ballot.
 *
 * It fits a phone without scrolling sideways: below `sm` the losses and opponents' wins columns are left out and
 * said under the debater's name instead, so every figure is still there (and read with its row).
 *
 * To someone outside the tournament, its entrants under 18 follow the ranked rows by a shortened name alone, with no
 * rank, record or points (`privateEntrants`; `docs/safety.md`), and the ranks shown count only the rows shown.
 */
export function TournamentStandings({
  division,
  isTeams = false,
}: {
  division: TTournamentDivisionStandings;
  /** A tournament of teams: each row is a team, named by its members ("Ann Lee & Ben Ode"). */
  isTeams?: boolean;
}) {
  return (
    <table className="w-full text-sm" data-testid="tournament-standings">
      <caption className="mb-1 text-left text-sm text-slate-600">
        {division.name} · {division.resultsCounted} {division.resultsCounted === 1 ? 'result' : 'results'} counted
        {division.privateEntrants.length > 0 ? ' · ranks among the results shown' : ''}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Rank
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            {isTeams ? 'Team' : 'Debater'}
          </th>
          <th scope="col" className={CELL}>
            Wins
          </th>
          <th scope="col" className={`${CELL} ${WIDE_ONLY}`}>
            Losses
          </th>
          <th scope="col" className={CELL}>
            {/* "Pts" on a phone, so the names keep their width; read in full by screen readers. */}
            <span className="sm:hidden" aria-hidden="true">
              Pts
            </span>
            <span className="sr-only sm:not-sr-only">Speaker points</span>
          </th>
          <th scope="col" className={`${CELL} ${WIDE_ONLY}`}>
            Opp. wins
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
                {s.losses} {s.losses === 1 ? 'loss' : 'losses'} · opp. wins {s.opponentWins}
              </span>
            </td>
            <td className={CELL} data-testid="standing-wins">
              {s.wins}
            </td>
            <td className={`${CELL} ${WIDE_ONLY}`}>{s.losses}</td>
            <td className={CELL} data-testid="standing-points">
              {s.speakerPoints.toFixed(1)}
              {s.isHighLowDropped ? <span className="sr-only"> (highest and lowest dropped)</span> : null}
            </td>
            <td className={`${CELL} ${WIDE_ONLY}`}>{s.opponentWins}</td>
          </tr>
        ))}
        <PrivateEntrantRows entrants={division.privateEntrants} />
      </tbody>
    </table>
  );
}
