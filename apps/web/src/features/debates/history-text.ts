/** How a past round reads in the debater's history (the Debates page and the dashboard). */
import type { THistoryEntry } from '@resolved/shared';

const RESULT_TEXT = { win: 'Win', loss: 'Loss', 'no-decision': 'No decision' } as const;

export function historyResultText(d: THistoryEntry): string {
  return d.status === 'live' ? 'In progress' : RESULT_TEXT[d.result];
}
