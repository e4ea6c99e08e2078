/**
 * What a form shows when it cannot be saved, from either side: a zod `safeParse` failure (the client's check) or
 * an error the server returned, over HTTP or in a socket acknowledgement (`{ error: { code, message, details? } }`,
 * where a validation failure's `details` are `[{ path, message }]`). One shape for all, so every form, and every
 * action's toast (`errorMessage`), reads its messages the same way.
 */
import { ZodError } from 'zod';
import { RESTRICTION_WORDS, type TErrorDetail } from '@resolved/shared';
import { formatChatTimestamp } from './chat-time';
import { ApiError, ReplyError } from './api';

/** For an error that is neither: the API client only throws ApiError, so this is a bug, never a detail to show. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export type TFieldErrors<F extends string> = Partial<Record<F, string>>;

export interface TFormErrors<F extends string> {
  /** The first message for each of the form's fields that has one. */
  fields: TFieldErrors<F>;
  /**
   * A message for the form as a whole: the server's message; for a client-side check, the first issue that names
   * none of the form's fields (else the first issue); GENERIC_ERROR_MESSAGE for anything else.
   */
  form: string;
  /**
   * The server's error code (`conflict`, `rate_limited`…) and HTTP status (none for a socket reply); undefined for a
   * client-side check.
   */
  code?: string;
  status?: number;
}

interface TIssue {
  path: string;
  message: string;
}

function isIssueList(details: unknown): details is TIssue[] {
  return (
    Array.isArray(details) &&
    details.every(
      (d: unknown) =>
        typeof d === 'object' &&
        d !== null &&
        typeof (d as TIssue).path === 'string' &&
        typeof (d as TIssue).message === 'string',
    )
  );
}

function firstPerField<F extends string>(issues: readonly TIssue[], fields: readonly F[]): TFieldErrors<F> {
  const errors: TFieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((f) => f === issue.path);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The messages a form shows for `error`: per field (of `fields`) and for the whole form. */
export function formErrors<F extends string = never>(error: unknown, fields: readonly F[] = []): TFormErrors<F> {
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    const unplaced = issues.find((i) => !(fields as readonly string[]).includes(i.path));
    return {
      fields: firstPerField(issues, fields),
      form: (unplaced ?? issues[0])?.message ?? GENERIC_ERROR_MESSAGE,
    };
  }
  if (error instanceof ApiError || error instanceof ReplyError) {
    return {
      fields: isIssueList(error.details) ? firstPerField(error.details, fields) : {},
      form: serverMessage(error),
      code: error.code,
      ...(error instanceof ApiError ? { status: error.status } : {}),
    };
  }
  return { fields: {}, form: GENERIC_ERROR_MESSAGE };
}

/**
 * The server's words for an error, but a mute's or a suspension's end (`details.until`, ISO) in the viewer's own
 * time, the way the chat shows times (the server can only say it in UTC).
 */
export function serverMessage(error: Pick<TErrorDetail, 'message' | 'reason' | 'details'>): string {
  const until = (error.details as { until?: unknown } | undefined)?.until;
  if ((error.reason !== 'muted' && error.reason !== 'suspended') || typeof until !== 'string') return error.message;
  return RESTRICTION_WORDS[error.reason](formatChatTimestamp(until));
}

/**
 * What a toast or a screen says when an action (a mutation, a socket request, a read) fails: the form-level message
 * of `formErrors`. `fallback` replaces GENERIC_ERROR_MESSAGE for an error that is not the server's answer nor a
 * client-side check (the camera refused, a recorder that stopped), where the action knows better words.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const isKnown = error instanceof ZodError || error instanceof ApiError || error instanceof ReplyError;
  return !isKnown && fallback !== undefined ? fallback : formErrors(error).form;
}
