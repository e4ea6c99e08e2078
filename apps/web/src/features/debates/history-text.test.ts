import { describe, expect, it } from 'vitest';
import type { THistoryEntry, TJudgedRound } from '@resolved/shared';
import { historyResultText, judgedBallotText, judgedResultText } from './history-text';

const person = (name: string) => ({ userId: name, displayName: name });
const entry = (over: Partial<THistoryEntry>): THistoryEntry => ({
  id: 1,
  formatId: 'ld',
  resolution: 'R',
  status: 'live',
  debaters: { a: person('Ann'), b: person('Ben') },
  judge: null,
  winnerSide: null,
  startsAt: null,
  isCancelled: false,
  isEndedEarly: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  endedAt: null,
  side: 'a',
  opponent: person('Ben'),
  partners: [],
  result: 'no-decision',
  ballot: null,
  notCounted: null,
  ...over,
});

describe('history text', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  it('a round paired for later reads as its start until then, then as in progress', () => {
    const later = entry({ startsAt: '2026-11-26T15:00:00.000Z' });
    expect(historyResultText(later, now)).toMatch(/^Starts /);
    expect(historyResultText(later, Date.parse('2026-11-26T15:00:01.000Z'))).toBe('In progress');
    expect(historyResultText(entry({}), now)).toBe('In progress');
  });

  it('a coach’s cancel reads as such, unlike a round both debaters left', () => {
    expect(historyResultText(entry({ status: 'abandoned', isCancelled: true }), now)).toBe('Cancelled by the coach');
    expect(historyResultText(entry({ status: 'abandoned' }), now)).toBe('No decision');
    const judged = { ...entry({ status: 'abandoned', isCancelled: true }), isTeamRound: true } as TJudgedRound;
    expect(judgedResultText(judged)).toBe('Cancelled by the coach');
    expect(judgedBallotText(judged)).toBe('No ballot: the coach cancelled the round.');
  });

  it('a round a block ended reads as ended early, naming nobody', () => {
    expect(historyResultText(entry({ status: 'abandoned', isEndedEarly: true }), now)).toBe('Ended early');
    const judged = { ...entry({ status: 'abandoned', isEndedEarly: true }), isTeamRound: false } as TJudgedRound;
    expect(judgedBallotText(judged)).toBe('No ballot: the round ended early.');
  });
});
