/**
 * A judge's paradigm where the judge is named (the pairings, the judge pool, the round's room): a labelled block of
 * their own words, line breaks kept, folded away behind "Paradigm" when `isFolded` so a list stays short.
 */
export function ParadigmText({ paradigm, isFolded = false }: { paradigm: string; isFolded?: boolean }) {
  const text = (
    <p className="whitespace-pre-line break-words text-sm text-slate-700" data-testid="judge-paradigm">
      {paradigm}
    </p>
  );
  if (!isFolded) {
    return (
      <div className="mt-1 rounded-xl bg-slate-50 px-3 py-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Paradigm</p>
        {text}
      </div>
    );
  }
  return (
    <details className="mt-1 rounded-xl bg-slate-50 px-3 py-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">Paradigm</summary>
      {text}
    </details>
  );
}
