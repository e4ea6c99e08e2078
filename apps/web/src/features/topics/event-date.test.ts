import { describe, expect, it } from 'vitest';
import { formatEventDate } from './event-date';

describe('formatEventDate', () => {
  it('writes a picked day the way the spec writes event dates', () => {
    expect(formatEventDate('2025-07-20')).toBe('July 20, 2025');
    expect(formatEventDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatEventDate('2024-02-29')).toBe('February 29, 2024');
  });

  it('gives nothing for an empty or impossible value', () => {
    expect(formatEventDate('')).toBe('');
    expect(formatEventDate('2025-02-30')).toBe('');
    expect(formatEventDate('2025-13-01')).toBe('');
    expect(formatEventDate('July 20, 2025')).toBe('');
  });
});
