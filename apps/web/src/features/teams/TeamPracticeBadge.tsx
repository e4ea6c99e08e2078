/** Marks a team's practice round in a list of rounds. */
export function TeamPracticeBadge() {
  return (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">Team practice</span>
  );
}
