import { FORMATS, type TDebate, type TSideKey } from '@resolved/shared';
import { ReportButton } from '../../moderation/ReportButton';
import { RatingText } from '../ballot/RatingText';
import { bpTeamsOf, positionName, teamOf } from './round-seats';

/**
 * Each side as a team (one debater in a one-on-one round): its debaters in seat order with their speaker position,
 * rating and whether they are in the room, and a report button for the others.
 */
export function RoundDebaters({
  debate,
  side,
  viewerId,
  presentUserIds,
}: {
  debate: TDebate;
  side: TSideKey | null;
  viewerId: string | undefined;
  presentUserIds: string[] | undefined;
}) {
  const format = FORMATS[debate.formatId];
  const present = new Set(presentUserIds ?? []);
  const viewerSeat = debate.seats.find((seat) => seat.userId === viewerId);
  // Two sides, or British Parliamentary's four teams (each of two, its team following from its positions).
  const groups =
    debate.formatId === 'bp'
      ? bpTeamsOf(debate).map(({ team, name, seats }) => ({
          key: team,
          // A team that forfeited is named so: the room plays on without it.
          label: debate.bpForfeits?.[team] === undefined ? name : `${name} · forfeited`,
          team: seats,
          isOwn: !!viewerSeat && seats.some((seat) => seat.userId === viewerSeat.userId),
        }))
      : (['a', 'b'] as const).map((s) => ({
          key: s,
          label: `${format.sides[s]}${teamOf(debate, s).length > 1 ? ' team' : ''}`,
          team: teamOf(debate, s),
          isOwn: s === side,
        }));
  return (
    <section aria-labelledby="debaters-heading" className="grid gap-3 sm:grid-cols-2">
      <h2 id="debaters-heading" className="sr-only">
        Debaters
      </h2>
      {groups.map(({ key: s, label, team, isOwn }) => {
        const isTeam = team.length > 1;
        return (
          <div
            key={s}
            className={`rounded-2xl border p-4 shadow-sm ${isOwn ? 'border-brand-400 bg-brand-50' : 'border-slate-200 bg-white'}`}
            data-testid={`debater-${s}`}
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">{label}</p>
            <ul className={isTeam ? 'mt-1 space-y-3' : ''}>
              {team.map((d) => {
                const position = positionName(debate, d);
                return (
                  <li key={d.userId} data-testid={isTeam ? `seat-${d.side}-${d.position ?? 'all'}` : undefined}>
                    {position ? <p className="text-xs font-semibold text-slate-600">{position}</p> : null}
                    <p className={`${isTeam ? '' : 'mt-1 '}text-lg font-bold text-slate-900`}>
                      {d.displayName}
                      {d.userId === viewerId ? ' (you)' : ''}
                    </p>
                    <p className="text-sm text-slate-600">
                      Rating <RatingText rating={d.rating.rating} isProvisional={d.rating.isProvisional} /> ·{' '}
                      {present.has(d.userId) ? 'in the room' : 'away'}
                    </p>
                    {viewerId && d.userId !== viewerId ? (
                      <div className="mt-2">
                        <ReportButton
                          target="round"
                          userId={d.userId}
                          targetId={debate.id}
                          displayName={d.displayName}
                          isCompact
                        />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
