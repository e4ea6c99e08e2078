import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { FORMATS, isLimitedToTeams, type THistoryEntry } from '@resolved/shared';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { DebatePointsNote } from '../room/DebateNotes';
import { FindOpponentCard } from './FindOpponentCard';
import { FormatRatings } from '../ballot/FormatRatings';
import { JudgedRoundItem } from '../ballot/JudgedRoundItem';
import { debateHistoryQuery, liveDebatesQuery } from '../debates-queries';
import { historyResultText, partnersText } from '../history-text';
import { ProgressView } from '../../teams/ProgressView';
import { getMyProgress, teamKeys } from '../../teams/teams-queries';
import { errorMessage } from '../../../lib/form-errors';

/** The progress section's id: the dashboard's "History and ballots" link leads to `/debates#your-progress`. */
const PROGRESS_ANCHOR = 'your-progress';

function LiveDebates() {
  const { user } = useAuth();
  const { data, isPending, error } = useQuery({ ...liveDebatesQuery, refetchInterval: 10_000 });
  if (isPending) return <PageLoading label="Loading live debates…" />;
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  return (
    <section aria-labelledby="live-heading" className="mt-8">
      <h2 id="live-heading" className="text-2xl font-bold text-slate-900">
        Live debates
      </h2>
      {data.length === 0 ? (
        <p className="mt-2 text-slate-600">
          {/* An account limited to its teams starts none; its coach pairs its rounds. */}
          No debates are running right now.{user && isLimitedToTeams(user) ? '' : ' Start one!'}
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2" data-testid="live-debates">
          {data.map((d) => {
            const format = FORMATS[d.formatId];
            return (
              <li key={d.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">{format.name}</p>
                <p className="mt-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">{d.resolution}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {d.debaters.a.displayName} ({format.sides.a}) vs {d.debaters.b.displayName} ({format.sides.b})
                  {d.judge ? ` · judged by ${d.judge.displayName}` : ' · no judge yet'}
                </p>
                <Link
                  to={`/debates/${d.id}`}
                  className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
                >
                  Watch debate #{d.id}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The debater's own progress, as their coach sees it on the team page: rounds per format, the
 * rating chart and the latest ballots with the judge's reasons for decision.
 */
function MyProgress() {
  const progress = useQuery({ queryKey: teamKeys.myProgress, queryFn: getMyProgress });
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const isSettled = progress.data !== undefined || progress.isError;
  useEffect(() => {
    if (hash !== `#${PROGRESS_ANCHOR}` || !isSettled) return;
    // A frame later: after the layout's scroll to the top of a newly opened page (a parent's effect, run after this).
    const frame = requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash, isSettled]);
  return (
    <section ref={sectionRef} id={PROGRESS_ANCHOR} aria-labelledby="progress-heading" className="mt-8 scroll-mt-32">
      <h2 id="progress-heading" className="text-2xl font-bold text-slate-900">
        Your progress
      </h2>
      <div className="mt-3 min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {progress.data ? (
          <ProgressView progress={progress.data} />
        ) : (
          <p className="text-sm text-slate-600">
            {progress.isError ? 'Your progress could not be loaded.' : 'Loading your progress…'}
          </p>
        )}
      </div>
    </section>
  );
}

function History() {
  const { data, isPending } = useQuery(debateHistoryQuery);
  if (isPending || !data) return null;
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-2xl font-bold text-slate-900">
        Your debates
      </h2>
      <p className="mt-1 text-slate-600" data-testid="debates-joined">
        Debates joined: {data.debatesJoined}
      </p>
      {data.debates.length === 0 ? null : (
        <>
          {/* Phones: one card per round, the ballot's reason in full width (a table squeezed it to ~45 px). */}
          <ul className="mt-3 space-y-3 sm:hidden" data-testid="debate-history-cards">
            {data.debates.map((d) => {
              const format = FORMATS[d.formatId];
              return (
                <li key={d.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
                  <div className="flex items-baseline justify-between gap-2">
                    <Link to={`/debates/${d.id}`} className="font-semibold text-brand-700 underline">
                      {format.name} · {new Date(d.createdAt).toLocaleDateString()}
                    </Link>
                    <span className="font-semibold text-slate-900">{historyResultText(d)}</span>
                  </div>
                  <p className="mt-1 text-slate-700">
                    {format.sides[d.side]}
                    {partnersText(d)} against {d.opponent.displayName}
                  </p>
                  <p className="mt-2 text-slate-800 [overflow-wrap:anywhere]">{ballotText(d)}</p>
                  {d.status !== 'live' ? (
                    <Link to={`/debates/${d.id}/replay`} className="mt-2 inline-block text-brand-700 underline">
                      Replay
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="mt-3 hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm sm:block">
            <table className="w-full text-left text-sm" data-testid="debate-history">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th className="px-3 py-2">Date</th>
                  <th className="px-3 py-2">Format</th>
                  <th className="px-3 py-2">Side</th>
                  <th className="px-3 py-2">Opponent</th>
                  <th className="px-3 py-2">Result</th>
                  <th className="px-3 py-2">Ballot</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">Replay</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.debates.map((d) => {
                  const format = FORMATS[d.formatId];
                  return (
                    <tr key={d.id} className="border-t border-slate-100 align-top">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <Link to={`/debates/${d.id}`} className="text-brand-700 underline">
                          {new Date(d.createdAt).toLocaleDateString()}
                        </Link>
                      </td>
                      <td className="px-3 py-2">{format.name}</td>
                      <td className="px-3 py-2">{format.sides[d.side]}</td>
                      <td className="px-3 py-2">{d.opponent.displayName}</td>
                      <td className="px-3 py-2">{historyResultText(d)}</td>
                      <td className="px-3 py-2 [overflow-wrap:anywhere]">{ballotText(d)}</td>
                      <td className="px-3 py-2">
                        {d.status !== 'live' ? (
                          <Link to={`/debates/${d.id}/replay`} className="text-brand-700 underline">
                            Replay
                          </Link>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** The rounds the user judged (not live), newest first, each with its result, ballot and Replay link. */
function JudgedRounds() {
  const { data } = useQuery(debateHistoryQuery);
  if (!data || data.judged.length === 0) return null;
  return (
    <section aria-labelledby="judged-heading" className="mt-8">
      <h2 id="judged-heading" className="text-2xl font-bold text-slate-900">
        Rounds you judged
      </h2>
      <ul
        className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm"
        data-testid="judged-rounds"
      >
        {data.judged.map((round) => (
          <JudgedRoundItem key={round.id} round={round} />
        ))}
      </ul>
    </section>
  );
}

function ballotText(d: THistoryEntry): string {
  if (d.ballot) return `${d.ballot.speakerPoints[d.side].toFixed(1)} pts · ${d.ballot.reason}`;
  if (d.status === 'forfeited') return 'Forfeit';
  if (d.status === 'abandoned') return d.isCancelled ? 'Cancelled' : 'Abandoned';
  return '—';
}

export default function DebatesPage() {
  useDocumentTitle('Debates');
  const { user } = useAuth();
  return (
    <>
      <PageHeading
        title="Debates"
        lead="Debate today’s resolution one on one in Lincoln Douglas, Public Forum or Parliamentary, with a shared clock, video and a judge’s ballot."
      />
      <FindOpponentCard />
      <div className="mt-4">
        <DebatePointsNote />
      </div>
      {/* One's own rounds first (where the dashboard's "History and ballots" leads), then everyone's live ones. */}
      {user ? <MyProgress /> : null}
      {user ? <History /> : null}
      {user ? <JudgedRounds /> : null}
      <LiveDebates />
      <FormatRatings />
    </>
  );
}
