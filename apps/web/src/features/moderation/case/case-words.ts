import type { TCaseReport } from '@resolved/shared';

/** A moment on the case page ("Nov 27, 8:15 PM"), in the reader's own time. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** RESTRICTION_HOURS in words. */
export const HOUR_WORDS: Record<number, string> = {
  1: '1 hour',
  24: '1 day',
  72: '3 days',
  168: '1 week',
  720: '30 days',
};

/** What a report was about, in words ("reported a message"). */
export const TARGET_WORDS: Record<TCaseReport['target'], string> = {
  user: 'the person',
  message: 'a chat message',
  round: 'a round',
  evidence: 'a piece of evidence',
  team: 'a team',
};
