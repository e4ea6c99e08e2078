/** Error codes shared by the server (which maps them to HTTP statuses) and the client (which reads them). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'internal_error',
  'service_unavailable',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

/**
 * What went wrong, finer than the HTTP class of `code`: the client branches on these, never on message text
 * (Outline's and Documenso's typed errors are the model). A clock refusal carries the clock's own code.
 */
export const ERROR_REASONS = [
  // The door
  'account_banned',
  // Moderation (issue 23)
  'muted',
  'suspended',
  'self_report',
  'cannot_moderate_staff',
  'case_claimed',
  'already_appealed',
  // Matchmaking
  'already_in_debate',
  'not_waiting',
  'no_topic',
  'challenge_used',
  'challenge_own',
  'challenger_busy',
  'round_starts_soon',
  // The round
  'round_over',
  'clock_stale',
  'clock_busy',
  'clock_turn',
  'round_not_started',
  'replay_private',
  'not_in_round',
  // Results
  'judge_taken',
  'judge_invited',
  'judge_invite_invalid',
  'debater_cannot_judge',
  'ballot_not_open',
  'already_decided',
  // Teams
  'not_team_judge',
  'not_team_member',
  'join_code_off',
  'last_coach',
  'team_member_busy',
  'already_member',
  // Clock transitions (TClockErrorCode)
  'round_finished',
  'not_idle',
  'not_in_speech',
  'not_in_prep',
  'no_prep_left',
  'prep_not_allowed',
  'already_paused',
  'not_paused',
  'nothing_to_pause',
] as const;

export type TErrorReason = (typeof ERROR_REASONS)[number];

/** The one message for anything unexpected: the details go to the log, never to the client. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side.';

/** The error of an HTTP answer and of a socket ack alike. */
export interface TErrorDetail {
  code: TErrorCode | string;
  message: string;
  reason?: TErrorReason;
  details?: unknown;
}

export interface TErrorBody {
  error: TErrorDetail;
}
