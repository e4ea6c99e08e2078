import { describe, expect, it } from 'vitest';
import { formatChatTimestamp } from './chat-time';

describe('formatChatTimestamp', () => {
  it('shows abbreviated month, day, hour:minute and am/pm', () => {
    expect(formatChatTimestamp('2026-11-22T16:05:00.000Z', 'UTC')).toBe('Nov 22, 4:05 PM');
    expect(formatChatTimestamp('2026-01-03T00:09:00.000Z', 'UTC')).toBe('Jan 3, 12:09 AM');
  });
});
