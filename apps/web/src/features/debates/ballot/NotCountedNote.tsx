import { CircleSlash } from 'lucide-react';
import { NOT_COUNTED_LABEL, notCountedWhy, type TNotCounted } from '@resolved/shared';

/**
 * A round that did not count for points, shown as the rule working rather than a failure: "Not counted for points:
 * speeches ran 12% of their time; a round counts from 50%" (never "Practice round", the name of a coach's team rounds).
 * The words come from the shared award rule (`notCountedWhy`), fed by what the server stored when the round ended.
 * Used by the room, the dashboard's recent rounds and a coach's progress view.
 */
export function NotCountedNote({ notCounted, className = '' }: { notCounted: TNotCounted; className?: string }) {
  return (
    <p
      className={`flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ${className}`}
      data-testid="not-counted"
    >
      <CircleSlash className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold">{NOT_COUNTED_LABEL}:</span> {notCountedWhy(notCounted)}
      </span>
    </p>
  );
}
