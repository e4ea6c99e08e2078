import { DEBATE_POINTS_CONDITIONS, DEBATE_POINTS_SUMMARY, PF_ONE_ON_ONE_NOTE } from '@resolved/shared';

/** How live debates earn points, and when a round counts (for the Debates, How To and Help pages). */
export function DebatePointsNote() {
  return (
    <div className="space-y-2 text-slate-700" data-testid="points-rules">
      <p>{DEBATE_POINTS_SUMMARY}</p>
      <p>{DEBATE_POINTS_CONDITIONS}</p>
    </div>
  );
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
