import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FORMATS, roundName, type TTournamentPairing } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { FormAlert } from '../../ui/FormAlert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { TournamentBracket } from './TournamentBracket';
import { BpRooms } from './TournamentBpRooms';
import { bpChampions } from './bp-view';
import { TeamAwards } from './TeamAwards';
import { DivisionTabs, SpeakerTabDownload } from './TournamentSpeakers';
import { isTeamTournament } from './team-view';
import { byeText } from './tournament-view';
import { getBrackets, getStandings, getTournament, listRounds, tournamentKeys } from './tournaments-queries';
import { useTournamentRoom } from './useTournamentRoom';

const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
/** How many speakers the awards list. */
const SPEAKER_AWARDS = 5;

function PairingResult({ pairing }: { pairing: TTournamentPairing }) {
  const bye = byeText(pairing, 'past');
  if (bye) {
    return (
      <li className="break-words py-1.5" data-testid="results-pairing">
        {bye}
      </li>
    );
  }
  const winner =
    pairing.winnerEntrantId === null
      ? null
      : [pairing.aff, pairing.neg].find((side) => side?.entrantId === pairing.winnerEntrantId);
  return (
    <li className="flex flex-wrap justify-between gap-x-4 py-1.5" data-testid="results-pairing">
      <span className="break-words">
        <span className="font-semibold">{pairing.aff?.displayName}</span> <span className="text-slate-500">(Aff)</span>{' '}
        vs <span className="font-semibold">{pairing.neg?.displayName}</span>{' '}
        <span className="text-slate-500">(Neg)</span>
      </span>
      <span className="text-slate-700">{winner ? `${winner.displayName} won` : 'No result'}</span>
    </li>
  );
}

/**
 * A tournament's published results, for anyone (visitors too): the champion and bracket, the tab, the speaker
 * awards and every round's pairings with their results; a tournament of teams its team and speaker tabs, team awards
 * and speaker awards from the speaker tab (`TeamAwards`). Before a host publishes, the server refuses outsiders and
 * the page says so. Live through the tournament's room (`useTournamentRoom`).
 */
export default function TournamentResultsPage() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const tournament = useQuery({
    queryKey: tournamentKeys.tournament(id),
    queryFn: () => getTournament(id),
    enabled: isValidId,
    retry: false,
  });
  useTournamentRoom(tournament.data ? id : null);
  const isPublished = Boolean(tournament.data?.publishedAt);
  const isBp = tournament.data?.formatId === 'bp';
  const standings = useQuery({
    queryKey: tournamentKeys.standings(id),
    queryFn: () => getStandings(id),
    enabled: isPublished,
  });
  const brackets = useQuery({
    queryKey: tournamentKeys.bracket(id),
    queryFn: () => getBrackets(id),
    // British Parliamentary has no bracket: its champion is the final room's first (`bpChampions`).
    enabled: isPublished && !isBp,
  });
  const rounds = useQuery({
    queryKey: tournamentKeys.rounds(id),
    queryFn: () => listRounds(id),
    enabled: isPublished,
  });
  useDocumentTitle(tournament.data ? `${tournament.data.name}: results` : 'Tournament results');

  if (!isValidId) return <PageHeading title="Tournament results" lead="That tournament does not exist." />;
  if (tournament.isPending) return <p className="text-slate-600">Loading…</p>;
  if (tournament.isError) {
    return (
      <>
        <PageHeading title="Tournament results" />
        <FormAlert>
          {errorMessage(tournament.error, 'The results could not be loaded.')} Results are shown here once the host
          publishes them.
        </FormAlert>
      </>
    );
  }
  const t = tournament.data;
  if (!t.publishedAt) {
    return (
      <>
        <PageHeading title={<span className="break-words">{t.name}</span>} />
        <p className="text-slate-700">
          The results are not published yet. The host publishes them when they are ready.
        </p>
      </>
    );
  }
  const speakers = (standings.data?.divisions ?? [])
    .map((division) => ({
      division,
      top: [...division.standings]
        .filter((s) => s.wins + s.losses > 0)
        .sort((a, b) => b.speakerPoints - a.speakerPoints)
        .slice(0, SPEAKER_AWARDS),
    }))
    .filter((d) => d.top.length > 0);
  const divisionName = (divisionId: number) => t.divisions.find((d) => d.id === divisionId)?.name ?? '';
  const champions = isBp
    ? bpChampions(t, rounds.data ?? []).map((c) => ({ ...c, name: divisionName(c.divisionId) }))
    : (brackets.data?.divisions ?? []).filter((d) => d.champion);
  const isTeams = isTeamTournament(t);

  return (
    <>
      <PageHeading
        title={<span className="break-words">{t.name}</span>}
        lead={`Results · ${FORMATS[t.formatId].name} · hosted by ${t.host.displayName}`}
      />
      <div className="space-y-6">
        {champions.length > 0 ? (
          <section aria-labelledby="results-champion" className={CARD}>
            <h2 id="results-champion" className="text-lg font-bold text-slate-900">
              {isTeams
                ? champions.length === 1
                  ? 'Champion team'
                  : 'Champion teams'
                : champions.length === 1
                  ? 'Champion'
                  : 'Champions'}
            </h2>
            <ul className="mt-2 space-y-1">
              {champions.map((d) => (
                <li key={d.divisionId} className="text-xl font-bold text-slate-900" data-testid="results-champion">
                  {d.champion!.displayName}
                  {champions.length > 1 ? (
                    <span className="ml-2 text-sm font-normal text-slate-600">{d.name}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {brackets.data && brackets.data.divisions.length > 0 ? (
          <section aria-labelledby="results-bracket" className={CARD}>
            <h2 id="results-bracket" className="text-lg font-bold text-slate-900">
              Elimination bracket
            </h2>
            <div className="mt-3 space-y-6">
              {brackets.data.divisions.map((division) => (
                <div key={division.divisionId}>
                  {brackets.data.divisions.length > 1 ? (
                    <h3 className="mb-2 font-semibold text-slate-800">{division.name}</h3>
                  ) : null}
                  <TournamentBracket division={division} />
                </div>
              ))}
            </div>
          </section>
        ) : null}
        {standings.isError ? <FormAlert>{errorMessage(standings.error)}</FormAlert> : null}
        {standings.data ? (
          <section aria-labelledby="results-standings" className={CARD}>
            <h2 id="results-standings" className="text-lg font-bold text-slate-900">
              Standings after the preliminary rounds
            </h2>
            <div className="mt-3 space-y-4">
              {standings.data.divisions
                .filter((d) => d.standings.length > 0)
                .map((division) => (
                  <DivisionTabs key={division.divisionId} division={division} isTeams={isTeams} />
                ))}
            </div>
          </section>
        ) : null}
        {isTeams && standings.data ? (
          <TeamAwards
            divisions={standings.data.divisions}
            download={t.viewer.isHost || t.viewer.isCohost ? <SpeakerTabDownload tournamentId={t.id} /> : undefined}
          />
        ) : null}
        {!isTeams && speakers.length > 0 ? (
          <section aria-labelledby="results-speakers" className={CARD}>
            <h2 id="results-speakers" className="text-lg font-bold text-slate-900">
              Speaker awards
            </h2>
            {speakers.map(({ division, top }) => (
              <div key={division.divisionId} className="mt-3">
                {speakers.length > 1 ? <h3 className="font-semibold text-slate-800">{division.name}</h3> : null}
                <ol className="mt-1 list-decimal space-y-1 pl-6" data-testid="speaker-awards">
                  {top.map((s) => (
                    <li key={s.entrantId}>
                      <span className="font-semibold">{s.displayName}</span>{' '}
                      <span className="text-slate-600 tabular-nums">{s.speakerPoints.toFixed(1)} points</span>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </section>
        ) : null}
        {rounds.data && rounds.data.length > 0 ? (
          <section aria-labelledby="results-rounds" className={CARD}>
            <h2 id="results-rounds" className="text-lg font-bold text-slate-900">
              Rounds
            </h2>
            <div className="mt-2 space-y-4">
              {rounds.data.map((round) => (
                <div key={round.number}>
                  <h3 className="font-semibold text-slate-800">{roundName(round.number, t)}</h3>
                  {round.bpRooms.length > 0 ? (
                    <BpRooms
                      rooms={round.bpRooms}
                      viewer="results"
                      divisionName={(divisionId) => (t.divisions.length > 1 ? divisionName(divisionId) : null)}
                    />
                  ) : (
                    <ul className="divide-y divide-slate-100 text-sm">
                      {round.pairings.map((pairing) => (
                        <PairingResult key={pairing.id} pairing={pairing} />
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
