import { DEBATE_POINTS_SUMMARY, PF_ONE_ON_ONE_NOTE } from '@resolved/shared';

/** How live debates earn points (for the How To and Help pages). */
export function DebatePointsNote() {
  return <p className="text-slate-700">{DEBATE_POINTS_SUMMARY}</p>;
}

/** The one-on-one adaptation of Public Forum (for the PF guide and PF debate rooms). */
export function PublicForumOneOnOneNote() {
  return (
    <p
      className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="pf-one-on-one"
    >
      {PF_ONE_ON_ONE_NOTE}
    </p>
  );
}
