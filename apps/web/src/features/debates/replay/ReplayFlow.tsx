import { speechesOf, type TDebate, type TReplay } from '@resolved/shared';

/** The viewer's own flow sheet of the round, speech by speech. */
export function ReplayFlow({ debate, flow }: { debate: TDebate; flow: NonNullable<TReplay['flow']> }) {
  const speeches = speechesOf(debate.formatId, debate.clock.firstSide);
  return (
    <section aria-labelledby="replay-flow" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="replay-flow" className="text-lg font-bold text-slate-900">
        Your flow
      </h2>
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard scrolls it too. */}
      <div
        className="mt-2 flex gap-2 overflow-x-auto"
        data-testid="replay-flow"
        tabIndex={0}
        role="region"
        aria-label="Your flow, speech by speech"
      >
        {speeches.map((speech, c) => (
          <div key={speech.id} className="w-40 shrink-0">
            <p className="text-xs font-bold uppercase text-brand-800" title={speech.name}>
              {speech.short}
            </p>
            <ul className="mt-1 space-y-1 text-xs text-slate-800">
              {(flow.columns[c] ?? [])
                .filter((cell) => cell.text.trim() !== '')
                .map((cell, r) => (
                  <li key={r} className="whitespace-pre-wrap break-words rounded bg-slate-50 p-1">
                    {cell.isExtension ? '→ ' : ''}
                    {cell.text}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
