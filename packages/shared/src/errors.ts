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
  // Moderation
  'muted',
  'suspended',
  'self_report',
  'cannot_moderate_staff',
  'case_claimed',
  'already_appealed',
  // The text filter
  'text_refused',
  // The community chat's slow-down and lock
  'chat_slow_mode',
  'chat_locked',
  // Matchmaking
  'already_in_debate',
  'not_waiting',
  'no_topic',
  'challenge_used',
  'challenge_own',
  'challenger_busy',
  'round_starts_soon',
  'seat_unavailable',
  'playban',
  // The round
  'round_over',
  'round_released',
  'round_chat_closed',
  'clock_stale',
  'clock_busy',
  'clock_turn',
  'round_not_started',
  // A Public Forum tournament round's coin flip
  'no_coin_flip',
  'coin_flip_turn',
  'coin_flip_made',
  'coin_flip_same_kind',
  'coin_flip_closed',
  'coin_flip_pending',
  'replay_private',
  'not_in_round',
  'evidence_private',
  'no_recording_consent',
  // Results
  'judge_taken',
  'panel_full',
  'judge_invited',
  'judge_invite_invalid',
  'debater_cannot_judge',
  'ballot_not_open',
  'already_decided',
  'ballot_submitted',
  // Teams
  'not_team_judge',
  'tournament_judge',
  // Tournaments: who may see or do what (`rules/tournament.ts`)
  'tournament_access',
  'not_team_member',
  'join_code_off',
  'last_coach',
  'team_member_busy',
  'already_member',
  'team_full',
  'team_no_coach',
  // Ages
  'age_required',
  'under_13',
  'team_managed',
  'birth_month_set',
  // Who a minor meets
  'age_band',
  'age_band_pair',
  'minor_round_judge',
  'spectators_not_watching',
  // The media server (sfu.*)
  'media_server_off',
  'media_grant_invalid',
  'viewer_limit',
  'feed_not_found',
  'invalid_sdp',
  // Blocks
  'blocked',
  'block_self',
  'blocks_full',
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

/**
 * Why something is refused: the HTTP class, the reason a client branches on, and the words a person reads (all of
 * them in `rules/refusals.ts`, given by `refusalOf`).
 */
export interface TRefusal {
  /**
   * `validation_failed` (400) for what was written rather than who wrote it (the text filter); `rate_limited` (429)
   * for the chat's slow-down.
   */
  code: 'forbidden' | 'conflict' | 'validation_failed' | 'rate_limited';
  reason: TErrorReason;
  message: string;
  /** What a client needs to say it its own way (a restriction's end as an ISO time, `{ until }`). */
  details?: unknown;
}

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
