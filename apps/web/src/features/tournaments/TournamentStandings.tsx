import type { TTournamentDivisionStandings } from '@resolved/shared';

const CELL = 'px-2 py-1.5 text-right tabular-nums';

/**
 * One division's tab: rank, entrant, wins and losses, speaker points (with the high-low drop) and opponents' wins.
 * Live: the page's query is refreshed by `tournament.changed` after every ballot.
 */
export function TournamentStandings({ division }: { division: TTournamentDivisionStandings }) {
  return (
    // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${division.name} standings`}>
      <table className="w-full min-w-[28rem] text-sm" data-testid="tournament-standings">
        <caption className="mb-1 text-left text-sm text-slate-600">
          {division.name} · {division.resultsCounted} {division.resultsCounted === 1 ? 'result' : 'results'} counted
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
            <th scope="col" className="px-2 py-1.5 text-left">
              Rank
            </th>
            <th scope="col" className="px-2 py-1.5 text-left">
              Debater
            </th>
            <th scope="col" className={CELL}>
              Wins
            </th>
            <th scope="col" className={CELL}>
              Losses
            </th>
            <th scope="col" className={CELL}>
              Speaker points
            </th>
            <th scope="col" className={CELL}>
              Opp. wins
            </th>
          </tr>
        </thead>
        <tbody>
          {division.standings.map((s) => (
            <tr key={s.entrantId} className="border-b border-slate-100" data-testid="standing-row">
              <td className="px-2 py-1.5">{s.rank}</td>
              <td className="px-2 py-1.5 break-words">
                <span className="font-semibold">{s.displayName}</span>
                {s.isWithdrawn ? <span className="text-slate-500"> (withdrawn)</span> : null}
                {s.teamName ? <span className="block text-xs text-slate-500">{s.teamName}</span> : null}
              </td>
              <td className={CELL} data-testid="standing-wins">
                {s.wins}
              </td>
              <td className={CELL}>{s.losses}</td>
              <td className={CELL}>
                {s.speakerPoints.toFixed(1)}
                {s.isHighLowDropped ? <span className="sr-only"> (highest and lowest dropped)</span> : null}
              </td>
              <td className={CELL}>{s.opponentWins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
