import { useId, useState } from 'react';

const PROVISIONAL_EXPLANATION =
  'The “?” means this rating is still settling: after only a few judged debates it can move a lot. It firms up as more debates are judged.';

/** A rating as people read it: "1662", or "1662?" while provisional, with the reason on hover, focus or tap. */
export function RatingText({ rating, isProvisional }: { rating: number; isProvisional: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const noteId = useId();
  if (!isProvisional) return <span className="tabular-nums">{rating}</span>;
  return (
    <span className="relative inline-block">
      <button
        type="button"
        className="tabular-nums underline decoration-dotted underline-offset-2"
        title={PROVISIONAL_EXPLANATION}
        aria-expanded={isOpen}
        aria-controls={noteId}
        aria-label={`${rating}, provisional rating`}
        onClick={() => setIsOpen((open) => !open)}
        onBlur={() => setIsOpen(false)}
      >
        {rating}?
      </button>
      <span
        id={noteId}
        role="note"
        hidden={!isOpen}
        className="absolute right-0 top-full z-10 mt-1 w-64 rounded-xl border border-slate-200 bg-white p-3 text-left text-xs font-normal text-slate-700 shadow-lg"
      >
        {PROVISIONAL_EXPLANATION}
      </span>
    </span>
  );
}
