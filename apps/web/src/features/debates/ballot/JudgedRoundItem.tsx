import { Link } from 'react-router';
import { FORMATS, type TJudgedRound } from '@resolved/shared';
import { buttonClass } from '../../../ui/button-styles';
import { ProfileLink } from '../../users/ProfileLink';
import { judgedBallotText, judgedResultText } from '../history-text';
import { TeamPracticeBadge } from '../../teams/TeamPracticeBadge';

const RESULT_STYLE = {
  decided: 'bg-emerald-50 text-emerald-800',
  waiting: 'bg-amber-50 text-amber-800',
  none: 'bg-slate-100 text-slate-700',
} as const;

/**
 * One round someone judged, in their lists (the Debates page's "Rounds you judged", a profile's "Rounds judged"): who
 * debated, the result and the ballot, with its Replay link; a round still waiting for the ballot links to its room.
 */
export function JudgedRoundItem({ round }: { round: TJudgedRound }) {
  const format = FORMATS[round.formatId];
  const isWaiting = round.status === 'awaiting_ballot';
  const style = isWaiting ? 'waiting' : round.winnerSide === null ? 'none' : 'decided';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="judged-round">
      {/* Phones: the buttons on their own line below, so the text keeps the card's width. */}
      <div className="min-w-0 basis-full text-sm sm:basis-0 sm:flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${RESULT_STYLE[style]}`}>
            {judgedResultText(round)}
          </span>
          <span className="font-semibold text-slate-900">{format.name}</span>
          {round.isTeamRound ? <TeamPracticeBadge /> : null}
        </p>
        <p className="mt-1 text-slate-700">
          <ProfileLink userId={round.debaters.a.userId}>{round.debaters.a.displayName}</ProfileLink> ({format.sides.a})
          vs <ProfileLink userId={round.debaters.b.userId}>{round.debaters.b.displayName}</ProfileLink> (
          {format.sides.b}) · {new Date(round.endedAt ?? round.createdAt).toLocaleDateString()}
        </p>
        <p className="mt-1 text-slate-800 [overflow-wrap:anywhere]">{judgedBallotText(round)}</p>
        <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">{round.resolution}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {isWaiting ? (
          <Link to={`/debates/${round.id}`} className={buttonClass('primary')}>
            Write the ballot<span className="sr-only"> for debate #{round.id}</span>
          </Link>
        ) : null}
        <Link to={`/debates/${round.id}/replay`} className={buttonClass('secondary')}>
          Replay<span className="sr-only"> debate #{round.id}</span>
        </Link>
      </div>
    </li>
  );
}
