import { FORMATS, type TDebate, type TSideKey } from '@resolved/shared';
import { ReportButton } from '../../moderation/ReportButton';
import { RatingText } from '../ballot/RatingText';

/** The two debaters: their side, rating and whether they are in the room, and a report button for the others. */
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
  return (
    <section aria-labelledby="debaters-heading" className="grid gap-3 sm:grid-cols-2">
      <h2 id="debaters-heading" className="sr-only">
        Debaters
      </h2>
      {(['a', 'b'] as const).map((s) => {
        const d = debate.debaters[s];
        return (
          <div
            key={s}
            className={`rounded-2xl border p-4 shadow-sm ${s === side ? 'border-brand-400 bg-brand-50' : 'border-slate-200 bg-white'}`}
            data-testid={`debater-${s}`}
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">{format.sides[s]}</p>
            <p className="mt-1 text-lg font-bold text-slate-900">
              {d.displayName}
              {s === side ? ' (you)' : ''}
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
          </div>
        );
      })}
    </section>
  );
}
