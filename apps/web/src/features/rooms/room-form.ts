import type { ZodError } from 'zod';

export type TRoomFieldErrors = Partial<Record<'name' | 'zoomLink', string>>;

/** The first message per field, from zod issues (client) or the API's `details` (server). */
export function roomFieldErrors(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): TRoomFieldErrors {
  const errors: TRoomFieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.join('.');
    if ((path === 'name' || path === 'zoomLink') && !errors[path]) errors[path] = issue.message;
  }
  return errors;
}

export function zodRoomErrors(error: ZodError): TRoomFieldErrors {
  return roomFieldErrors(error.issues);
}
