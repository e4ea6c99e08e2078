import { describe, expect, it } from 'vitest';
import { formatChatTimestamp, splitLinks } from './format-chat';

describe('formatChatTimestamp', () => {
  it('shows abbreviated month, day, hour:minute and am/pm', () => {
    expect(formatChatTimestamp('2026-11-22T16:05:00.000Z', 'UTC')).toBe('Nov 22, 4:05 PM');
    expect(formatChatTimestamp('2026-01-03T00:09:00.000Z', 'UTC')).toBe('Jan 3, 12:09 AM');
  });
});

describe('splitLinks', () => {
  it('turns http(s) links into link parts and keeps the rest as text', () => {
    expect(splitLinks('see https://example.com/a?b=1, then http://x.org.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of other schemes or markup', () => {
    expect(splitLinks('javascript:alert(1) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <img src=x onerror=alert(1)>' },
    ]);
  });
});
