/**
 * The speaker tab of a tournament of teams (issue 40, item 6): each debater's own points over the preliminary rounds,
 * best first, with their team, average and rounds, beside the team tab (`DivisionTabs`). It shows what the server
 * gives: to an outsider, debaters under 18 are left out of it (`tournament-privacy.ts`), and a private team is named
 * by its public name.
 */
import type { TTournamentDivisionStandings } from '@resolved/shared';
import { teamNamesOf, speakerTabCsvUrl } from './team-view';
import { TournamentStandings } from './TournamentStandings';
import { BpStandings } from './TournamentBpStandings';
import { isBpDivision } from './bp-view';

const CELL = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';
const WIDE_ONLY = 'hidden sm:table-cell';

/**
 * One division's speaker tab. On a phone the team and rounds columns are left out and said under the debater's name
 * instead, as the team tab does.
 */
export function SpeakerTab({ division }: { division: TTournamentDivisionStandings }) {
  const teamOf = teamNamesOf(division);
  if (division.speakers.length === 0) {
    return <p className="text-sm text-slate-600">No speaker has points yet.</p>;
  }
  return (
    <table className="w-full text-sm" data-testid="speaker-tab">
      <caption className="mb-1 text-left text-sm text-slate-600">
        {division.name} · each debater’s own points
        {isBpDivision(division) ? ', every round counted' : ', highest and lowest round dropped after 3'}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Rank
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Speaker
          </th>
          <th scope="col" className={`px-1.5 py-1.5 text-left sm:px-2 ${WIDE_ONLY}`}>
            Team
          </th>
          <th scope="col" className={CELL}>
            Total
          </th>
          <th scope="col" className={CELL}>
            <span className="sm:hidden" aria-hidden="true">
              Avg
            </span>
            <span className="sr-only sm:not-sr-only">Average</span>
          </th>
          <th scope="col" className={`${CELL} ${WIDE_ONLY}`}>
            Rounds
          </th>
        </tr>
      </thead>
      <tbody>
        {division.speakers.map((s) => (
          <tr key={s.userId} className="border-b border-slate-100" data-testid="speaker-row">
            <td className="px-1.5 py-1.5 sm:px-2">{s.rank}</td>
            <td className="px-1.5 py-1.5 [overflow-wrap:anywhere] sm:px-2">
              <span className="font-semibold">{s.displayName}</span>
              <span className="block text-xs text-slate-600 sm:hidden">
                {teamOf.get(s.entrantId) ?? 'A team'} · {s.rounds} {s.rounds === 1 ? 'round' : 'rounds'}
              </span>
            </td>
            <td className={`px-1.5 py-1.5 [overflow-wrap:anywhere] text-slate-700 sm:px-2 ${WIDE_ONLY}`}>
              {teamOf.get(s.entrantId) ?? 'A team'}
            </td>
            <td className={CELL} data-testid="speaker-total">
              {s.speakerPoints.toFixed(1)}
              {s.isHighLowDropped ? <span className="sr-only"> (highest and lowest dropped)</span> : null}
            </td>
            <td className={CELL}>{s.averagePoints.toFixed(2)}</td>
            <td className={`${CELL} ${WIDE_ONLY}`}>{s.rounds}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One division's tabs: the tab of entrants, and in a tournament of teams (`isTeams`) the team tab under "Teams" and
 * the speaker tab under "Speakers". A tournament of one-person entrants shows its one tab as it always has; a British
 * Parliamentary one its team tab of team points, rooms and firsts (`BpStandings`).
 */
export function DivisionTabs({ division, isTeams }: { division: TTournamentDivisionStandings; isTeams: boolean }) {
  if (!isTeams) return <TournamentStandings division={division} />;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="mb-1 font-semibold text-slate-800">Teams</h3>
        {isBpDivision(division) ? (
          <BpStandings division={division} />
        ) : (
          <TournamentStandings division={division} isTeams />
        )}
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-slate-800">Speakers</h3>
        <SpeakerTab division={division} />
      </div>
    </div>
  );
}

/** The hosts' download of the speaker tab as CSV (the server's `speakers.csv` export, for the host and co-hosts). */
export function SpeakerTabDownload({ tournamentId }: { tournamentId: number }) {
  return (
    <a href={speakerTabCsvUrl(tournamentId)} download className="text-sm font-semibold text-brand-700 underline">
      Download the speaker tab (CSV)
    </a>
  );
}
