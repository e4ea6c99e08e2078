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
  // The text filter (issue 24)
  'text_refused',
  // The community chat's slow-down and lock (issue 24)
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
  'round_chat_closed',
  'clock_stale',
  'clock_busy',
  'clock_turn',
  'round_not_started',
  'replay_private',
  'not_in_round',
  'evidence_private',
  'no_recording_consent',
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
  'team_full',
  'team_no_coach',
  // Ages (issue 24)
  'age_required',
  'under_13',
  'team_managed',
  'birth_month_set',
  // Who a minor meets (issue 24, item 2)
  'age_band',
  'minor_round_judge',
  'spectators_not_watching',
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

/** Why something is refused: the HTTP class, the reason a client branches on, and the words a person reads. */
export interface TRefusal {
  /**
   * `validation_failed` (400) for what was written rather than who wrote it (the text filter); `rate_limited` (429)
   * for the chat's slow-down.
   */
  code: 'forbidden' | 'conflict' | 'validation_failed' | 'rate_limited';
  reason: TErrorReason;
  message: string;
}

/**
 * The refusals that read the same wherever they are given, written once and keyed by reason: the rules in
 * `permissions.ts` return them (`refusalOf`), the server throws them (`refused` in its `lib/errors.ts`). A reason
 * whose words depend on what was asked (`not_in_round`: "Only the debaters…", "Only the judge…") is not here: its
 * rule carries its own message.
 */
export const REFUSALS = {
  account_banned: { code: 'forbidden', message: 'This account has been banned.' },
  already_in_debate: { code: 'conflict', message: 'You are already in a debate.' },
  no_topic: { code: 'conflict', message: 'No topic has been set yet, so there is nothing to debate.' },
  round_over: { code: 'conflict', message: 'This debate is over.' },
  round_chat_closed: { code: 'conflict', message: 'This round is over: its chat is read-only.' },
  clock_stale: { code: 'conflict', message: 'The clock changed before your command arrived. Try again.' },
  judge_taken: { code: 'conflict', message: 'This debate already has a judge.' },
  not_team_judge: {
    code: 'forbidden',
    message: 'Only the team’s coaches and the judges they name judge its practice rounds.',
  },
  replay_private: { code: 'forbidden', message: 'The debaters keep this round’s replay private.' },
  text_refused: {
    code: 'validation_failed',
    message: 'This contains a slur, which Resolved does not allow. Please write it another way.',
  },
  age_required: { code: 'forbidden', message: 'Add your month and year of birth first.' },
  under_13: {
    code: 'forbidden',
    message:
      'You need to be 13 or older to sign up here. Ask your coach for your team’s join link and sign up through it.',
  },
  birth_month_set: {
    code: 'forbidden',
    message: 'Your month of birth is already set. Only an admin can change it.',
  },
  age_band: {
    code: 'conflict',
    message:
      'You cannot debate this person: students under 18 debate students under 18, and adults debate adults, unless ' +
      'both are on the same team.',
  },
  minor_round_judge: {
    code: 'forbidden',
    message:
      'A debater in this round is under 18: it is judged by a student under 18, a coach of their team, a moderator ' +
      'or a verified judge.',
  },
  spectators_not_watching: {
    code: 'forbidden',
    message:
      'A debater in this round is under 18: spectators follow the clock, the speeches and the ballot, and see and ' +
      'hear the debaters only when both let spectators watch.',
  },
} as const satisfies Partial<Record<TErrorReason, Omit<TRefusal, 'reason'>>>;

export type TRefusalReason = keyof typeof REFUSALS;

/** The refusal for `reason`, in its one wording. */
export function refusalOf(reason: TRefusalReason): TRefusal {
  return { reason, ...REFUSALS[reason] };
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
