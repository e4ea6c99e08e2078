/**
 * The awards of a tournament of teams on its results page (issue 40, item 6): the top teams of each division's tab,
 * each named by its members, and the top speakers of its speaker tab with their teams. Only what the published tab
 * gives: to an outsider, debaters under 18 are not on it.
 */
import type { ReactNode } from 'react';
import type { TTournamentDivisionStandings } from '@resolved/shared';
import { teamNamesOf, topSpeakers, topTeams } from './team-view';

const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
/** How many ranks the team awards and the speaker awards name. */
const TEAM_AWARDS = 3;
const SPEAKER_AWARDS = 5;

export function TeamAwards({
  divisions,
  download,
}: {
  divisions: readonly TTournamentDivisionStandings[];
  /** The hosts' download of the speaker tab, under the speaker awards. */
  download?: ReactNode;
}) {
  const awarded = divisions
    .map((division) => ({
      division,
      teams: topTeams(division, TEAM_AWARDS),
      speakers: topSpeakers(division, SPEAKER_AWARDS),
    }))
    .filter((d) => d.teams.length > 0 || d.speakers.length > 0);
  if (awarded.length === 0) return null;
  const isSeveral = awarded.length > 1;
  return (
    <>
      <section aria-labelledby="results-teams" className={CARD}>
        <h2 id="results-teams" className="text-lg font-bold text-slate-900">
          Team awards
        </h2>
        {awarded.map(({ division, teams }) => (
          <div key={division.divisionId} className="mt-3">
            {isSeveral ? <h3 className="font-semibold text-slate-800">{division.name}</h3> : null}
            <ol className="mt-1 space-y-1" data-testid="team-awards">
              {teams.map((s) => (
                <li key={s.entrantId} className="[overflow-wrap:anywhere]">
                  <span className="text-slate-600 tabular-nums">{s.rank}.</span>{' '}
                  <span className="font-semibold">{s.displayName}</span>{' '}
                  <span className="text-slate-600 tabular-nums">
                    {s.bp
                      ? `${s.bp.teamPoints} team points · ${s.speakerPoints.toFixed(1)} speaker points`
                      : `${s.wins}–${s.losses} · ${s.speakerPoints.toFixed(1)} points`}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
      <section aria-labelledby="results-speakers" className={CARD}>
        <h2 id="results-speakers" className="text-lg font-bold text-slate-900">
          Speaker awards
        </h2>
        {awarded.map(({ division, speakers }) => {
          const teamOf = teamNamesOf(division);
          return (
            <div key={division.divisionId} className="mt-3">
              {isSeveral ? <h3 className="font-semibold text-slate-800">{division.name}</h3> : null}
              <ol className="mt-1 space-y-1" data-testid="speaker-awards">
                {speakers.map((s) => (
                  <li key={s.userId} className="[overflow-wrap:anywhere]">
                    <span className="text-slate-600 tabular-nums">{s.rank}.</span>{' '}
                    <span className="font-semibold">{s.displayName}</span>{' '}
                    <span className="text-slate-600">
                      ({teamOf.get(s.entrantId) ?? 'a team'}) ·{' '}
                      <span className="tabular-nums">{s.speakerPoints.toFixed(1)} points</span>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          );
        })}
        {download ? <p className="mt-3">{download}</p> : null}
      </section>
    </>
  );
}
