import { describe, expect, it } from 'vitest';
import { describeMeetingLink } from './meeting-provider';

describe('describeMeetingLink', () => {
  it.each([
    ['https://zoom.us/j/123456789', 'zoom', 'Click to join Zoom Meeting', 'zoom.us'],
    ['https://us02web.zoom.us/j/123?pwd=abc', 'zoom', 'Click to join Zoom Meeting', 'us02web.zoom.us'],
    ['https://ZOOM.US/j/1', 'zoom', 'Click to join Zoom Meeting', 'zoom.us'],
    ['https://meet.google.com/abc-defg-hij', 'google-meet', 'Click to join Google Meet', 'meet.google.com'],
    [
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting',
      'microsoft-teams',
      'Click to join Microsoft Teams',
      'teams.microsoft.com',
    ],
    ['https://teams.live.com/meet/123', 'microsoft-teams', 'Click to join Microsoft Teams', 'teams.live.com'],
    ['https://meet.jit.si/ResolvedPractice', 'jitsi', 'Click to join Jitsi Meet', 'meet.jit.si'],
    ['http://whereby.com/resolved', 'other', 'Click to join meeting', 'whereby.com'],
  ])('%s → %s', (link, provider, label, host) => {
    expect(describeMeetingLink(link)).toEqual({ provider, label, host });
  });

  it('does not trust look-alike hosts', () => {
    expect(describeMeetingLink('https://zoom.us.evil.example/j/1').provider).toBe('other');
    expect(describeMeetingLink('https://notzoom.us/j/1').provider).toBe('other');
    expect(describeMeetingLink('https://evil.example/meet.google.com').provider).toBe('other');
    expect(describeMeetingLink('https://meet.google.com.evil.example/').provider).toBe('other');
  });

  it('labels a link it cannot read as a generic meeting with no host', () => {
    expect(describeMeetingLink('javascript:alert(1)')).toEqual({
      provider: 'other',
      label: 'Click to join meeting',
      host: '',
    });
  });
});
