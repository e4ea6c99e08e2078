import { Eye, Users } from 'lucide-react';
import type { TDebate } from '@resolved/shared';

/** Who watches the round (someone who took the judge's seat while watching is the judge now, not a spectator). */
export function RoundSpectators({
  debate,
  spectators: watching,
}: {
  debate: TDebate;
  spectators: { userId: string; displayName: string }[] | undefined;
}) {
  const spectators = (watching ?? []).filter((s) => s.userId !== debate.judge?.userId);
  return (
    <section
      aria-labelledby="spectators-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="spectators-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Eye className="h-5 w-5 text-brand-700" aria-hidden="true" /> Spectators
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="spectators">
        {spectators.length === 0 ? <li className="text-slate-500">Nobody else is watching</li> : null}
        {spectators.map((s) => (
          <li key={s.userId} className="flex items-center gap-2">
            <Users className="h-4 w-4 text-slate-400" aria-hidden="true" /> {s.displayName}
          </li>
        ))}
      </ul>
    </section>
  );
}
