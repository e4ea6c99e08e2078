import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants';
import { ZCreateRoomRequest, ZHttpUrl, ZUpdateRoomRequest } from './schemas';

const firstError = (value: unknown) => {
  const result = ZHttpUrl.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('meeting links', () => {
  it.each(['https://zoom.us/j/123', 'http://meet.jit.si/room', 'https://meet.google.com/abc-defg-hij?authuser=0'])(
    'accepts %s',
    (link) => {
      expect(ZHttpUrl.parse(link)).toBe(link);
    },
  );

  it('trims surrounding spaces', () => {
    expect(ZHttpUrl.parse('  https://zoom.us/j/1  ')).toBe('https://zoom.us/j/1');
  });

  it.each([
    ['javascript:alert(1)', 'Meeting Link must be a web address starting with http:// or https://.'],
    ['JavaScript:alert(document.cookie)', 'Meeting Link must be a web address starting with http:// or https://.'],
    [
      'data:text/html,<script>alert(1)</script>',
      'Meeting Link must be a web address starting with http:// or https://.',
    ],
    ['ftp://files.example.com/room', 'Meeting Link must be a web address starting with http:// or https://.'],
    ['vbscript:msgbox(1)', 'Meeting Link must be a web address starting with http:// or https://.'],
    ['//zoom.us/j/1', 'Meeting Link must be a web address starting with http:// or https://.'],
    ['zoom.us/j/1', 'Meeting Link must be a web address starting with http:// or https://.'],
    ['   ', 'Meeting Link is required.'],
    ['', 'Meeting Link is required.'],
    ['https://zoom.us/j/1 2', 'Meeting Link must not contain spaces.'],
    ['https://zoom.us@evil.example/j/1', 'Meeting Link must not contain a user name or password.'],
    [
      `https://zoom.us/j/${'1'.repeat(LIMITS.roomLink.max)}`,
      `Meeting Link must be at most ${LIMITS.roomLink.max} characters.`,
    ],
  ])('refuses %s', (link, message) => {
    expect(firstError(link)).toBe(message);
  });

  it('needs a room name within its limit', () => {
    const link = 'https://zoom.us/j/1';
    expect(ZCreateRoomRequest.safeParse({ name: '  ', zoomLink: link }).error?.issues[0]?.message).toBe(
      'Room Name is required.',
    );
    expect(
      ZCreateRoomRequest.safeParse({ name: 'x'.repeat(LIMITS.roomName.max + 1), zoomLink: link }).error?.issues[0]
        ?.message,
    ).toBe(`Room Name must be at most ${LIMITS.roomName.max} characters.`);
  });

  it('needs something to change in an update', () => {
    expect(ZUpdateRoomRequest.safeParse({}).error?.issues[0]?.message).toBe('Give a new Room Name or Meeting Link.');
    expect(ZUpdateRoomRequest.parse({ zoomLink: 'https://zoom.us/j/9' })).toEqual({ zoomLink: 'https://zoom.us/j/9' });
  });
});
