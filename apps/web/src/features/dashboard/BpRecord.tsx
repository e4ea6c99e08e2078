import type { TBpRecord } from '@resolved/shared';
import { bpTeamName } from '../debates/room/round-seats';

const PLACE_WORDS = ['first', 'second', 'third', 'fourth'] as const;

/**
 * A debater's British Parliamentary record on the dashboard (issue 41): the rooms judged and the team points they
 * earned (3, 2, 1, 0 by place), how often they placed first to fourth, and their latest room's place.
 */
export function BpRecord({ record }: { record: TBpRecord }) {
  const { rounds, teamPoints, places, last } = record;
  return (
    <div className="col-span-2 sm:col-span-3" data-testid="record-bp">
      <dt className="text-slate-600">British Parliamentary</dt>
      <dd className="text-sm text-slate-900">
        <span className="block font-semibold" data-testid="record-bp-team-points">
          {teamPoints} team {teamPoints === 1 ? 'point' : 'points'} in {rounds} {rounds === 1 ? 'room' : 'rooms'}
        </span>
        <span className="block text-slate-700">
          Places: {places.map((count, i) => `${count} ${PLACE_WORDS[i]}`).join(', ')}
        </span>
        {last ? (
          <span className="block text-slate-700" data-testid="record-bp-last">
            Last room: {PLACE_WORDS[last.rank - 1]} as {bpTeamName(last.team)}, {last.teamPoints} team{' '}
            {last.teamPoints === 1 ? 'point' : 'points'}, {last.speakerPoints} speaker points
          </span>
        ) : null}
      </dd>
    </div>
  );
}
