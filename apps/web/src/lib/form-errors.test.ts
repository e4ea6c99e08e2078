import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCreateRoomRequest, ZPassword } from '@resolved/shared';
import { ApiError, ReplyError } from './api';
import { GENERIC_ERROR_MESSAGE, errorMessage, formErrors, serverMessage } from './form-errors';
import { formatChatTimestamp } from './chat-time';
import { replyData } from './socket';

const ROOM_FIELDS = ['name', 'zoomLink'] as const;

function zodError(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return parsed.error;
}

describe('formErrors', () => {
  it('gives each field its first zod issue', () => {
    const result = formErrors(
      zodError(z.object({ name: z.string().min(1, 'Name first.').max(3, 'Too long.'), age: z.number() }), {
        name: '',
        age: 'x',
      }),
      ['name', 'age'],
    );
    expect(result.fields).toEqual({ name: 'Name first.', age: expect.any(String) });
    expect(result.code).toBeUndefined();
  });

  it('maps a shared request schema’s issues onto the room form’s fields', () => {
    const result = formErrors(zodError(ZCreateRoomRequest, { name: '', zoomLink: 'javascript:alert(1)' }), ROOM_FIELDS);
    expect(Object.keys(result.fields).sort()).toEqual(['name', 'zoomLink']);
  });

  it('uses the first issue on no field as the form message, for a one-value schema', () => {
    const error = zodError(ZPassword, 'short');
    expect(formErrors(error).form).toBe(error.issues[0]!.message);
    expect(formErrors(error).fields).toEqual({});
  });

  it('joins nested paths, so only a field named that way takes the issue', () => {
    const schema = z.object({ points: z.object({ a: z.number({ error: 'A needs points.' }) }) });
    const result = formErrors(zodError(schema, { points: {} }), ['points.a', 'points']);
    expect(result.fields).toEqual({ 'points.a': 'A needs points.' });
  });

  it('reads the server’s message, code and status, and its validation details per field', () => {
    const error = new ApiError(400, 'validation_failed', 'Room name is required.', [
      { path: 'name', message: 'Room name is required.' },
      { path: 'name', message: 'A second message for the same field.' },
      { path: 'owner', message: 'Not a field of this form.' },
    ]);
    expect(formErrors(error, ROOM_FIELDS)).toEqual({
      fields: { name: 'Room name is required.' },
      form: 'Room name is required.',
      code: 'validation_failed',
      status: 400,
    });
  });

  it('ignores details that are not a list of issues', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many requests.', { retryAfterSeconds: 3 });
    expect(formErrors(error, ROOM_FIELDS)).toEqual({
      fields: {},
      form: 'Too many requests.',
      code: 'rate_limited',
      status: 429,
    });
  });

  it('never shows the text of an unexpected error', () => {
    expect(formErrors(new TypeError("Cannot read properties of undefined (reading 'room')"), ROOM_FIELDS)).toEqual({
      fields: {},
      form: GENERIC_ERROR_MESSAGE,
    });
  });

  it('reads a socket request’s refusal as it reads an HTTP one (no status)', () => {
    let caught: unknown;
    try {
      replyData({
        ok: false,
        error: { code: 'conflict', message: 'This debate is over.', reason: 'round_over' },
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReplyError);
    expect(caught).toMatchObject({ reason: 'round_over' });
    expect(formErrors(caught)).toEqual({ fields: {}, form: 'This debate is over.', code: 'conflict' });
    expect(errorMessage(caught)).toBe('This debate is over.');
  });

  it('gives a toast the server’s words, or the generic message for anything unexpected', () => {
    expect(errorMessage(new ApiError(409, 'conflict', 'This debate already has a judge.'))).toBe(
      'This debate already has a judge.',
    );
    expect(errorMessage(new Error('fetch failed at line 3'))).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('gives the action’s own words for anything but the server’s answer, when it has some', () => {
    const fallback = 'The camera could not be turned on.';
    expect(errorMessage(new DOMException('Permission denied', 'NotAllowedError'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(403, 'forbidden', 'You may not do that.'), fallback)).toBe('You may not do that.');
  });
});

describe('serverMessage: a restriction’s end in the viewer’s time', () => {
  const until = '2026-11-27T16:11:00.000Z';
  const muted = {
    message: 'You are muted until 27 Nov 2026, 16:11 UTC. You cannot send messages until then.',
    reason: 'muted' as const,
    details: { until },
  };

  it('says a mute’s end with the chat’s formatter, not the server’s UTC words', () => {
    const said = serverMessage(muted);
    expect(said).toBe(`You are muted until ${formatChatTimestamp(until)}. You cannot send messages until then.`);
    expect(said).not.toContain('UTC');
    expect(errorMessage(new ReplyError('forbidden', muted.message, muted.details, 'muted'))).toBe(said);
  });

  it('says a suspension’s end the same way, and leaves other messages as the server wrote them', () => {
    const suspended = { message: 'x', reason: 'suspended' as const, details: { until } };
    expect(serverMessage(suspended)).toBe(`You are suspended from live debates until ${formatChatTimestamp(until)}.`);
    expect(serverMessage({ message: 'Slow down.', reason: 'chat_slow_mode', details: { until } })).toBe('Slow down.');
    expect(serverMessage({ ...muted, details: undefined })).toBe(muted.message);
  });
});
