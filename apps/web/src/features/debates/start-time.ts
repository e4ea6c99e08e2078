/** A practice round paired for later, as the pages say it (until its start a round is upcoming). */
import { isBeforeStart, type TDebateStatus } from '@resolved/shared';

/** `Nov 26, 2026, 3:00 PM`: a round's start in the viewer's own time zone. */
export function startTimeText(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** A live round whose start time has not come: listed with its start, no banner, no forfeit warning. */
export function isUpcoming(round: { status: TDebateStatus; startsAt: string | null }, nowMs = Date.now()): boolean {
  return round.status === 'live' && isBeforeStart(round.startsAt, nowMs);
}
