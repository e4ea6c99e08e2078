/**
 * What the rating pages say before there is a rating to show. A rating moves only with a judged round that counts for
 * points (the shared award rule: `isRated` is a judged ending that counts), so a judged round that did not count is
 * named as such, with the rule it met, rather than as no judged round at all.
 */
import { FORMATS, notCountedWhy, type TDebaterProgress, type TFormatId, type TNotCounted } from '@resolved/shared';

const CHART_STARTS = 'The rating chart starts after the first judged round that counts for points.';

/**
 * The rating chart's words while it has no round to draw. `uncounted`: why each of the latest judged rounds did not
 * count for points, newest first (the progress view's ballots with a `notCounted`).
 */
export function emptyRatingChartText(uncounted: readonly TNotCounted[]): string {
  const [latest] = uncounted;
  if (!latest) return CHART_STARTS;
  if (uncounted.length === 1) return `${CHART_STARTS} The judged round so far did not: ${notCountedWhy(latest)}.`;
  return `${CHART_STARTS} The judged rounds so far did not; the latest: ${notCountedWhy(latest)}.`;
}

/** "Ratings by format" with nobody rated in a format yet (a judged round that did not count rates nobody). */
export function noFormatRatingsText(formatId: TFormatId): string {
  return `No ${FORMATS[formatId].name} ratings yet: a rating starts with a judged round that counts for points.`;
}

/** Why each of the latest judged rounds did not count for points, newest first (those that counted left out). */
export function uncountedBallots(progress: Pick<TDebaterProgress, 'lastBallots'>): TNotCounted[] {
  return progress.lastBallots.flatMap((b) => (b.notCounted ? [b.notCounted] : []));
}
