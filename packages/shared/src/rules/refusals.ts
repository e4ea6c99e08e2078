/**
 * Every word a refusal says, keyed by its reason: the rules in this folder return them (`refusalOf`), the server
 * throws them (`refused` in its `lib/errors.ts`), and the web reads `reason`, never the words.
 */
import type { TErrorReason, TRefusal } from '../errors.js';
import { formatUntil, RESTRICTION_WORDS } from '../time-words.js';
import { TOURNAMENT_ACCESS_WORDS, type TTournamentDoor } from './tournament-words.js';

/** A refusal before it names its reason: the HTTP class and the words. */
type TRefusalWords = Omit<TRefusal, 'reason' | 'details'>;

/** The refusals that read the same wherever they are given: one wording each. */
export const REFUSALS = {
  account_banned: { code: 'forbidden', message: 'This account has been banned.' },
  already_in_debate: { code: 'conflict', message: 'You are already in a debate.' },
  no_topic: { code: 'conflict', message: 'No topic has been set yet, so there is nothing to debate.' },
  round_over: { code: 'conflict', message: 'This debate is over.' },
  round_chat_closed: { code: 'conflict', message: 'This round is over: its chat is read-only.' },
  clock_stale: { code: 'conflict', message: 'The clock changed before your command arrived. Try again.' },
  no_coin_flip: { code: 'conflict', message: 'This round has no coin flip: its sides and speaking order are set.' },
  coin_flip_made: { code: 'conflict', message: 'Both coin flip choices have been made already.' },
  coin_flip_closed: { code: 'conflict', message: 'This round’s clock has run: its coin flip choices are closed.' },
  coin_flip_pending: {
    code: 'conflict',
    message: 'The clock starts once both debaters have made their coin flip choices.',
  },
  judge_taken: { code: 'conflict', message: 'This debate already has a judge.' },
  panel_full: { code: 'conflict', message: 'This room’s panel is full: a chair and two wings.' },
  judge_invited: { code: 'conflict', message: 'A debater has invited a judge for this round.' },
  judge_invite_invalid: { code: 'conflict', message: 'That judge invitation is no longer valid.' },
  debater_cannot_judge: { code: 'forbidden', message: 'A debater cannot judge their own debate.' },
  ballot_not_open: { code: 'conflict', message: 'The ballot opens after the last speech.' },
  already_decided: { code: 'conflict', message: 'This debate has already been decided.' },
  ballot_submitted: { code: 'conflict', message: 'You have already submitted your ballot for this round.' },
  not_team_judge: {
    code: 'forbidden',
    message: 'Only the team’s coaches and the judges they name judge its practice rounds.',
  },
  tournament_judge: {
    code: 'forbidden',
    message: 'A tournament’s hosts seat its judges from the judge pool: ask them.',
  },
  replay_private: { code: 'forbidden', message: 'The debaters keep this round’s replay private.' },
  evidence_private: {
    code: 'forbidden',
    message: 'The debaters have not shared this round’s evidence with spectators.',
  },
  no_recording_consent: { code: 'conflict', message: 'Every debater must agree before the round is recorded.' },
  text_refused: {
    code: 'validation_failed',
    message: 'This contains a slur, which Resolved does not allow. Please write it another way.',
  },
  chat_locked: {
    code: 'forbidden',
    message:
      'Only established accounts can post in the chat right now (older than 24 hours, with a completed round). You can still read it.',
  },
  block_self: { code: 'validation_failed', message: 'You cannot block yourself.' },
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
  spectators_not_watching: {
    code: 'forbidden',
    message:
      'A debater in this round is under 18: spectators follow the clock, the speeches and the ballot, and see and ' +
      'hear the debaters only when both let spectators watch.',
  },
} as const satisfies Partial<Record<TErrorReason, TRefusalWords>>;

/** `not_in_round` at each door of a round: who may do what was asked. */
const NOT_IN_ROUND_WORDS = {
  judge: 'Sign in to judge a debate.',
  judge_invite: 'Only the debaters can invite a judge.',
  ballot: 'Only the judge of this debate can submit a ballot.',
  panel_ballot: 'Only the judges on this round’s panel can submit a ballot.',
  round_chat: 'Only the debaters and the judge can write in the round chat.',
  flow: 'Only the debaters and the judge keep a flow of this round.',
  partner_chat: 'Only the partners of a team write in its partner chat.',
  team_flow: 'Only the partners of a team keep its team flow.',
  poi: 'Only the debaters offer points.',
  meeting_link: 'Only the debaters can share a meeting link.',
  watch_toggle: 'Only the debaters decide whether spectators watch the round.',
  resign: 'Only a debater of this round can forfeit it.',
  recording_consent: 'Only the debaters decide whether the round is recorded.',
  recording_start: 'Only the debaters record the round.',
  recording_view: 'A round’s recordings are for its debaters and judge.',
  recording_delete: 'Only the debaters delete the round’s recordings.',
  evidence_share: 'Only the debaters and the judge share evidence, while the round is on.',
  evidence_visibility: 'Only the debaters decide whether spectators see the evidence.',
  replay_privacy: 'Only the debaters decide who sees the replay.',
} as const;

export type TNotInRoundDoor = keyof typeof NOT_IN_ROUND_WORDS;

/** `not_team_member` at each door of a team. */
const NOT_TEAM_MEMBER_WORDS = {
  round_view: 'This practice round is for its team.',
  manage: 'Only the team’s coaches can do that.',
  rounds: 'Only the team’s members see its rounds.',
  member_removal: 'Only the team’s coaches can remove members.',
  member_progress: 'Only the team’s coaches see a member’s progress.',
} as const;

export type TNotTeamMemberDoor = keyof typeof NOT_TEAM_MEMBER_WORDS;

/** `cannot_moderate_staff`: who is acting, or on whom. */
const MODERATION_TARGET_WORDS = {
  not_staff: 'Only moderators and admins can do that.',
  own_account: 'You cannot act on your own account.',
  staff_target: 'Moderators cannot act on moderators or admins. Ask an admin.',
} as const;

export type TModerationTargetDoor = keyof typeof MODERATION_TARGET_WORDS;

/**
 * Where an account limited to its teams is refused, each with its own words. `meetings` (the public rooms' external
 * meeting links) is a door of the web only: its screens do not offer them and say this on the page.
 */
const TEAM_MANAGED_WORDS = {
  queue: 'Your account is run with your team: you debate in the rounds your coach pairs, not with random opponents.',
  challenge:
    'Your account is run with your team: you debate in the rounds your coach pairs, not through challenge links.',
  judge: 'Your account is run with your team: you judge only your team’s rounds.',
  community_chat: 'The community chat is not open to accounts run with a team. Talk to your team through your coach.',
  meetings:
    'Your account is run with your team: you meet in the rounds your coach pairs, not in the public meeting rooms.',
  leave_last_team: 'Your coach looks after your account: ask them to remove you from your last team.',
  tournament: 'Your account is run with your team: you enter only tournaments your coach enters your team in.',
} as const;

export type TTeamManagedDoor = keyof typeof TEAM_MANAGED_WORDS;

/**
 * Where a block keeps two people apart. `challenge` and `judge` bring the two into one round (refused whichever of
 * them blocked the other, as a coach's pairing is); `spectate`, `evidence` and `round_chat` are the blocked user
 * reaching into the blocker's round.
 */
const BLOCKED_WORDS = {
  challenge: { code: 'conflict', message: 'You cannot debate this person: one of you has blocked the other.' },
  judge: {
    code: 'conflict',
    message: 'You cannot judge this round: one of its debaters and you have a block between you.',
  },
  spectate: { code: 'forbidden', message: 'You cannot watch this round.' },
  evidence: { code: 'forbidden', message: 'You cannot share evidence into this round.' },
  round_chat: {
    code: 'forbidden',
    message: 'You cannot write in this round: someone in it and you have a block between you.',
  },
} as const satisfies Record<string, TRefusalWords>;

export type TBlockDoor = keyof typeof BLOCKED_WORDS;

/**
 * The refusals whose words depend on the door that refuses (`not_in_round`: "Only the debaters…", "Only the judge…")
 * or on what the rule read (a name, a time, a count). A name is given when the reader chose that person (a coach's
 * pairing); without it the words speak to the person refused, or of "your opponent".
 */
export const WORDED_REFUSALS = {
  not_in_round: (door: TNotInRoundDoor) => ({ code: 'forbidden', message: NOT_IN_ROUND_WORDS[door] }),
  not_team_member: (door: TNotTeamMemberDoor) => ({ code: 'forbidden', message: NOT_TEAM_MEMBER_WORDS[door] }),
  cannot_moderate_staff: (door: TModerationTargetDoor) => ({
    code: 'forbidden',
    message: MODERATION_TARGET_WORDS[door],
  }),
  team_managed: (door: TTeamManagedDoor) => ({ code: 'forbidden', message: TEAM_MANAGED_WORDS[door] }),
  tournament_access: (door: TTournamentDoor) => ({ code: 'forbidden', message: TOURNAMENT_ACCESS_WORDS[door] }),
  /** A door, or the two members of a coach's pairing, named. */
  blocked: (door: TBlockDoor | readonly [string, string]) =>
    typeof door === 'string'
      ? BLOCKED_WORDS[door]
      : {
          code: 'conflict',
          message: `${door[0]} and ${door[1]} cannot be paired: one of them has blocked the other. Pair them with someone else.`,
        },
  minor_round_judge: (judgeName: string | null) =>
    judgeName === null
      ? {
          code: 'forbidden',
          message:
            'A debater in this round is under 18: it is judged by a student under 18, a coach of their team, a ' +
            'moderator or a verified judge.',
        }
      : {
          code: 'conflict',
          message:
            `${judgeName} cannot judge this round: a debater in it is under 18, so its judge must be a student under ` +
            '18, a coach of their team, a moderator or a verified judge.',
        },
  /** Whose turn it is not: someone not debating, the loser before the winner, the winner a second time. */
  coin_flip_turn: (door: 'not_debater' | 'winner_first' | 'loser_next') => ({
    code: 'forbidden',
    message: {
      not_debater: 'Only the round’s debaters make the coin flip choices.',
      winner_first: 'The coin flip’s winner chooses first.',
      loser_next: 'You have made your choice: your opponent makes the other one.',
    }[door],
  }),
  /** `isWinnerSide`: the winner chose a side (so the other choice is the speaking order). */
  coin_flip_same_kind: (isWinnerSide: boolean) => ({
    code: 'conflict',
    message: isWinnerSide
      ? 'Your opponent chose a side: choose to speak first or second.'
      : 'Your opponent chose the speaking order: choose Pro or Con.',
  }),
  /** Two people of a round's seating whose age bands do not meet (`ageBandsMayMeet`), named. */
  age_band_pair: (names: readonly [string, string]) => ({
    code: 'conflict',
    message:
      `${names[0]} and ${names[1]} cannot be in one round: students under 18 debate students under 18, and adults ` +
      'debate adults, unless both are on the same team.',
  }),
  seat_unavailable: (name: string | null) => ({
    code: 'conflict',
    message: name
      ? `${name} cannot take part in rounds right now. Pair them with someone else.`
      : 'Your opponent cannot take part in rounds right now.',
  }),
  /** The end goes in words in UTC (the web says it again in the viewer's time, from the refusal's `details`). */
  muted: (until: string) => ({ code: 'forbidden', message: RESTRICTION_WORDS.muted(formatUntil(until)) }),
  suspended: (until: string) => ({ code: 'forbidden', message: RESTRICTION_WORDS.suspended(formatUntil(until)) }),
  /** `left`: the cooldown's time left, in words. */
  playban: (left: string) => ({
    code: 'forbidden',
    message: `You left or missed three rounds within a day, so you cannot find an opponent for ${left}.`,
  }),
  chat_slow_mode: (perMinute: number, seconds: number) => ({
    code: 'rate_limited',
    message: `New accounts can send ${perMinute} messages a minute in the chat. You can post again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  }),
  blocks_full: (max: number) => ({
    code: 'conflict',
    message: `You have blocked ${max} people, the most one account can. Unblock someone first.`,
  }),
} as const satisfies Partial<Record<Exclude<TErrorReason, keyof typeof REFUSALS>, (...args: never[]) => TRefusalWords>>;

/** A reason with one wording. */
export type TRefusalReason = keyof typeof REFUSALS;
/** A reason whose words take the door or what the rule read. */
export type TWordedRefusalReason = keyof typeof WORDED_REFUSALS;

/** The refusal for `reason`, in its one wording, or in the words for `args` (the door, a name, a time). */
export function refusalOf(reason: TRefusalReason): TRefusal;
export function refusalOf<R extends TWordedRefusalReason>(
  reason: R,
  ...args: Parameters<(typeof WORDED_REFUSALS)[R]>
): TRefusal;
export function refusalOf(reason: TRefusalReason | TWordedRefusalReason, ...args: unknown[]): TRefusal {
  const words =
    reason in WORDED_REFUSALS
      ? (WORDED_REFUSALS[reason as TWordedRefusalReason] as (...words: unknown[]) => TRefusalWords)(...args)
      : REFUSALS[reason as TRefusalReason];
  return { reason, ...words };
}
