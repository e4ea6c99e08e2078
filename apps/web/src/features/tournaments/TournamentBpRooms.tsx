/**
 * A British Parliamentary round's rooms (issue 41, item 4): four team cards by position (Opening Government and
 * Opening Opposition above, the closing teams below, as the room sits), the chair and wings, the way into the room
 * and, once its ballot is in, each team's place, team points and speaker points. A host reads every room, an entrant
 * their own (their team marked "You"), a judge the rooms they judge; the results page reads them without a room link.
 * A host may correct a judged room's result ("Correct result": `BpCorrectionForm`).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { TTournamentBpRoom } from '@resolved/shared';
import { buttonClass } from '../../ui/button-styles';
import { BpCorrectionForm } from './BpCorrectionForm';
import { BpRoomHostControls } from './BpRoomHostControls';
import { bpPanelText, bpRoomTeams, bpSideName, isBpRoomCorrectable, ownBpSide, placeText } from './bp-view';
import { DEBATE_STATUS_LABELS } from './tournament-view';

/** Who reads the rooms: the link each one offers ("Open the room", "Go to your room") follows. */
type TBpViewer = 'host' | 'entrant' | 'results';

const PLACE_CLASS: Record<number, string> = {
  1: 'bg-emerald-100 text-emerald-900',
  2: 'bg-sky-100 text-sky-900',
  3: 'bg-slate-200 text-slate-800',
  4: 'bg-slate-100 text-slate-700',
};

function BpTeamCard({ team, isOwn }: { team: ReturnType<typeof bpRoomTeams>[number]; isOwn: boolean }) {
  return (
    <div
      className={`min-w-0 rounded-xl border p-3 ${isOwn ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-slate-50'}`}
      data-testid="bp-team"
      data-side={team.side}
    >
      <p className="flex items-center justify-between gap-2 text-xs font-semibold text-slate-600 uppercase">
        <span>{team.name}</span>
        {team.result ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold normal-case ${PLACE_CLASS[team.result.rank] ?? ''}`}
            data-testid="bp-place"
          >
            {placeText(team.result.rank)}
          </span>
        ) : null}
      </p>
      <p className="mt-1 font-semibold break-words text-slate-900">
        {team.team?.displayName ?? 'A withdrawn team'}
        {isOwn ? <span className="ml-1.5 text-sm font-normal text-brand-800">(you)</span> : null}
      </p>
      {team.result ? (
        <p className="mt-0.5 text-sm text-slate-700 tabular-nums" data-testid="bp-result">
          {team.result.teamPoints} team {team.result.teamPoints === 1 ? 'point' : 'points'} ·{' '}
          {team.result.speakerPoints.toFixed(1)} speaker points
        </p>
      ) : null}
    </div>
  );
}

function BpRoom({
  room,
  label,
  viewer,
  entrantId,
  viewerId,
  divisionName,
  tournamentId,
}: {
  room: TTournamentBpRoom;
  label: string | null;
  viewer: TBpViewer;
  entrantId: number | null;
  viewerId: string | null;
  divisionName: string | null;
  tournamentId: number | null;
}) {
  const [isCorrecting, setIsCorrecting] = useState(false);
  const canCorrect = viewer === 'host' && tournamentId !== null && isBpRoomCorrectable(room);
  const own = ownBpSide(room, entrantId);
  const isJudging = viewerId !== null && room.panel.some((judge) => judge.userId === viewerId);
  const panel = bpPanelText(room);
  const linkLabel = viewer === 'host' ? 'Open the room' : own ? 'Go to your room' : 'Go to the room';
  return (
    <li className="rounded-2xl border border-slate-200 p-3 sm:p-4" data-testid="bp-room">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          {label ? <h4 className="font-semibold text-slate-900">{label}</h4> : null}
          {own ? (
            <p className="break-words" data-testid="bp-own-position">
              You are <span className="font-semibold">{bpSideName(own)}</span>.
            </p>
          ) : isJudging ? (
            <p>You judge this room.</p>
          ) : null}
          {divisionName ? <p className="text-xs text-slate-500">{divisionName}</p> : null}
          <p className="text-sm text-slate-700" data-testid="bp-panel">
            {panel ?? 'No judge yet'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {room.debateStatus ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {DEBATE_STATUS_LABELS[room.debateStatus]}
            </span>
          ) : null}
          {viewer !== 'results' && room.debateId !== null ? (
            <Link to={`/debates/${room.debateId}`} className="font-semibold text-brand-700 underline">
              {linkLabel}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {bpRoomTeams(room).map((team) => (
          <BpTeamCard key={team.side} team={team} isOwn={team.side === own} />
        ))}
      </div>
      {canCorrect ? (
        <div className="mt-3">
          <button
            type="button"
            className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
            aria-expanded={isCorrecting}
            onClick={() => setIsCorrecting(!isCorrecting)}
          >
            Correct result
          </button>
          {isCorrecting ? (
            <BpCorrectionForm tournamentId={tournamentId!} room={room} onDone={() => setIsCorrecting(false)} />
          ) : null}
        </div>
      ) : null}
      {viewer === 'host' && tournamentId !== null ? (
        <BpRoomHostControls tournamentId={tournamentId} room={room} />
      ) : null}
    </li>
  );
}

/** A BP round's rooms, top bracket first (the server's order), each numbered for a host and the results page. */
export function BpRooms({
  rooms,
  viewer,
  entrantId = null,
  viewerId = null,
  divisionName = () => null,
  tournamentId = null,
}: {
  rooms: readonly TTournamentBpRoom[];
  viewer: TBpViewer;
  entrantId?: number | null;
  /** The signed-in user, whose rooms as a judge say so. */
  viewerId?: string | null;
  divisionName?: (divisionId: number) => string | null;
  /** The tournament a host corrects a judged room's result in; null: no corrections here. */
  tournamentId?: number | null;
}) {
  // An entrant or a judge sees their own rooms only: "Room 1" would number a list they do not see.
  const isNumbered = viewer !== 'entrant';
  return (
    <ul className="mt-2 space-y-3">
      {rooms.map((room, i) => (
        <BpRoom
          key={room.id}
          room={room}
          label={isNumbered ? `Room ${i + 1}` : null}
          viewer={viewer}
          entrantId={entrantId}
          viewerId={viewerId}
          divisionName={divisionName(room.divisionId)}
          tournamentId={tournamentId}
        />
      ))}
    </ul>
  );
}

/**
 * A BP tournament's champions, where the bracket names one for the other formats: the team placed first in each
 * division's final (`bpChampions`). BP has no brackets-manager bracket; its elimination rooms are listed as rounds.
 */
export function BpChampions({
  champions,
  divisionName,
}: {
  champions: readonly { divisionId: number; champion: { displayName: string } }[];
  divisionName: (divisionId: number) => string | null;
}) {
  return (
    <ul className="mt-2 space-y-1">
      {champions.map(({ divisionId, champion }) => (
        <li key={divisionId} className="text-base" data-testid="tournament-champion">
          <span className="font-semibold text-slate-700">Champion:</span>{' '}
          <span className="font-bold text-slate-900">{champion.displayName}</span>
          {divisionName(divisionId) ? (
            <span className="ml-2 text-sm text-slate-600">{divisionName(divisionId)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
