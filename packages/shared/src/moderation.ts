/**
 * Trust and safety: reports, the moderation queue, moderators' actions, the moderation log and the
 * notices that tell people what happened. One contract for the server and the web client.
 */
import { z } from 'zod';
import { DB_INT_MAX } from './constants.js';
import { ZUserIdParams } from './profiles.js';
import { zText } from './text.js';

/** Why someone reports a user, in the order the report form lists them. */
export const REPORT_REASONS = [
  'harassment',
  'hate',
  'child_safety',
  'self_harm',
  'spam',
  'cheating',
  'inappropriate_profile',
  'other',
] as const;
export const ZReportReason = z.enum(REPORT_REASONS);
export type TReportReason = z.infer<typeof ZReportReason>;

export const REPORT_REASON_LABELS: Record<TReportReason, string> = {
  harassment: 'Harassment or bullying',
  hate: 'Hate',
  child_safety: 'Sexual content or contact with a minor (child safety)',
  self_harm: 'Self-harm',
  spam: 'Spam',
  cheating: 'Cheating or point farming',
  inappropriate_profile: 'Inappropriate name or picture',
  other: 'Other',
};

/** Reasons whose report also blocks the reported user for the reporter (the reporter can undo it). */
export const BLOCKING_REPORT_REASONS: readonly TReportReason[] = ['harassment', 'hate', 'child_safety'];

/**
 * A case's weight in the queue: child safety first, then hate, harassment and self-harm, then the rest; within a
 * band, more distinct reporters first (the score).
 */
export function reasonPriority(reason: TReportReason): number {
  if (reason === 'child_safety') return 0;
  if (reason === 'hate' || reason === 'harassment' || reason === 'self_harm') return 1;
  return 2;
}

export const REPORT_LIMITS = {
  /** Reports one person may file per window. */
  perWindow: 30,
  windowMs: 3 * 60 * 60 * 1000,
  /** The free text of a report (required for `other`). */
  detailsMax: 1000,
  /** A moderator's reason for an action. */
  actionReasonMax: 500,
  appealMax: 1000,
  /** How long a moderator's claim on a case holds. */
  claimMs: 20 * 60 * 1000,
  /** Lines of a round's chat kept with a report of the round. */
  roundChatLines: 50,
  /** Community chat lines kept before and after a reported message. */
  messageNeighbours: 10,
  /** How long a closed case keeps its context (child-safety cases: SAFETY_RETENTION_DAYS). */
  closedContextDays: 90,
} as const;

/** What a report is about: a user directly, or one of their things (the server finds whose it is). */
export const REPORT_TARGETS = ['user', 'message', 'round', 'evidence', 'team'] as const;
export const ZReportTarget = z.enum(REPORT_TARGETS);
export type TReportTarget = z.infer<typeof ZReportTarget>;

export const ZCreateReportRequest = z
  .object({
    target: ZReportTarget,
    /** The reported user's id (for a round, evidence or team: the person reported in it). */
    userId: ZUserIdParams.shape.id,
    /** The message, round, evidence item or team id (not for `user`). */
    targetId: z.coerce.number().int().positive().optional(),
    /** For evidence: the round it was shared in. */
    debateId: z.coerce.number().int().positive().optional(),
    reason: ZReportReason,
    details: zText('multiline', {
      label: 'The details',
      min: 0,
      required: 'Tell us what happened.',
      max: REPORT_LIMITS.detailsMax,
      tooLong: `Keep it under ${REPORT_LIMITS.detailsMax} characters.`,
    }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Tell us what happened.' });
    }
    if (value.target !== 'user' && value.targetId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Say what you are reporting.' });
    }
    if (value.target === 'evidence' && value.debateId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['debateId'], message: 'Say which round the evidence is in.' });
    }
  });
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

export interface TCreateReportResponse {
  caseId: number;
  /** Whether this report joined a case already open for the same user and reason. */
  joined: boolean;
  /** Whether the report also blocked the user for the reporter. */
  blocked: boolean;
}

// ---- The preserved context (copied into the case when reported: it survives edits and deletions) ----

export interface TContextMessage {
  id: number;
  userId: string;
  displayName: string;
  text: string;
  createdAt: string;
  /** The reported message itself. */
  isReported?: boolean;
}

export interface TContextEvidence {
  id: number;
  kind: 'file' | 'text' | 'link';
  name: string;
  userId: string | null;
  displayName: string | null;
  /** SHA-256 of a file's bytes, or of a note's or link's text. */
  sha256: string;
  size: number;
  text: string | null;
  /** A copy of the file's bytes is kept with the case (download it from the case page). */
  fileId?: number;
}

// ---- The text filter ----

/** Where a text the filter read was written; an automatic case says so. */
export const FILTER_SURFACES = [
  'community_chat',
  'round_chat',
  'partner_chat',
  'display_name',
  'team',
  'evidence',
  'report',
  'appeal',
  'paradigm',
] as const;
export type TFilterSurface = (typeof FILTER_SURFACES)[number];

export const FILTER_SURFACE_LABELS: Record<TFilterSurface, string> = {
  community_chat: 'the community chat',
  round_chat: 'a round’s chat',
  partner_chat: 'a team’s partner chat in a round',
  display_name: 'their display name',
  team: 'a team’s name or description',
  evidence: 'a piece of evidence’s name or note',
  report: 'this report’s text',
  appeal: 'an appeal',
  paradigm: 'their judge’s paradigm',
};

/** What the text filter matched (the library's words), where, and in which text. */
export interface TFilterHit {
  surface: TFilterSurface;
  words: string[];
  text: string;
}

/** The reporter's name on a case the text filter filed (no person reported). */
export const TEXT_FILTER_REPORTER = 'Text filter';

/** The reason of a case the text filter opens: its hits on one person merge into one open case, as reports do. */
export const TEXT_FILTER_REASON: TReportReason = 'other';

export interface TReportContext {
  /** What the text filter matched: the whole of an automatic report; on a person's report, in its own text. */
  filter?: TFilterHit;
  round?: {
    id: number;
    formatId: string;
    status: string;
    participants: { userId: string; displayName: string; role: 'debater' | 'judge' }[];
    chat: TContextMessage[];
    evidence: TContextEvidence[];
    hasRecording: boolean;
    /** Copies of the recordings kept with a child-safety case. */
    recordingFileIds: number[];
  };
  message?: { reportedId: number; lines: TContextMessage[] };
  team?: { id: number; name: string; school: string | null };
  profile: { displayName: string };
}

// ---- The queue ----

export const CASE_STATUSES = ['open', 'closed'] as const;
export type TCaseStatus = (typeof CASE_STATUSES)[number];
export type TCaseKind = 'report' | 'appeal';

export interface TCaseSummary {
  id: number;
  kind: TCaseKind;
  reportedUser: { id: string; displayName: string };
  reason: TReportReason;
  /** Distinct reporters. */
  score: number;
  reports: number;
  /** The text filter's hits filed into this case (automatic reports; no person behind them). */
  filterHits: number;
  status: TCaseStatus;
  claimedBy: { id: string; displayName: string } | null;
  claimedUntil: string | null;
  createdAt: string;
  closedAt: string | null;
  outcome: 'dismissed' | 'actioned' | null;
}

export interface TCaseReport {
  id: number;
  reporter: { id: string | null; displayName: string };
  /** Filed by the text filter, not by a person (its context's `filter` says what matched). */
  isAutomatic: boolean;
  target: TReportTarget;
  targetId: number | null;
  details: string | null;
  context: TReportContext | null;
  createdAt: string;
}

export interface TCaseDetail extends TCaseSummary {
  reports: number;
  reportList: TCaseReport[];
  /** For an appeal: the action appealed and the user's words. */
  appeal: { action: TLogEntry; text: string } | null;
  history: { cases: TCaseSummary[]; actions: TLogEntry[] };
  /** The child-safety hold: context kept until then. */
  retainUntil: string | null;
  /** Whether a ban on the reported account holds now (the case page offers to lift it). */
  isReportedUserBanned: boolean;
}

// ---- Actions and the log ----

export const MODERATION_ACTIONS = [
  'dismiss',
  'warn',
  'mute',
  'suspend',
  'ban',
  'unban',
  'delete_message',
  'delete_evidence',
  'reset_name',
  'appeal_upheld',
  'appeal_granted',
  // An admin's switch on the community chat: logged with the chat as its target.
  'chat_locked',
  'chat_unlocked',
  // Admins' changes to an account's age and judging, logged here with the other actions on accounts.
  'set_birth_month',
  'grant_verified_judge',
  'revoke_verified_judge',
] as const;
export type TModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<TModerationAction, string> = {
  dismiss: 'Dismissed',
  warn: 'Warning',
  mute: 'Muted',
  suspend: 'Suspended from live debates',
  ban: 'Banned',
  unban: 'Unbanned',
  delete_message: 'Message deleted',
  delete_evidence: 'Evidence deleted',
  reset_name: 'Display name reset',
  appeal_upheld: 'Appeal declined',
  appeal_granted: 'Appeal granted',
  chat_locked: 'Chat: only established accounts may post',
  chat_unlocked: 'Chat: open to everyone again',
  set_birth_month: 'Month of birth changed',
  grant_verified_judge: 'Verified judge granted',
  revoke_verified_judge: 'Verified judge revoked',
};

/** How the log names the community chat when an admin's switch acts on it (its `targetId`; no account has it). */
export const COMMUNITY_CHAT_LOG_TARGET = { id: 'community-chat', displayName: 'Community chat' } as const;

/** Durations a mute or suspension may run, in hours. */
export const RESTRICTION_HOURS = [1, 24, 72, 168, 720] as const;

const ZReasonText = zText('multiline', {
  label: 'The reason',
  max: REPORT_LIMITS.actionReasonMax,
  required: 'Give a reason.',
  tooLong: `Keep it under ${REPORT_LIMITS.actionReasonMax} characters.`,
});

export const ZModerationActionRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss'), reason: ZReasonText }),
  z.object({ action: z.literal('warn'), reason: ZReasonText }),
  z.object({
    action: z.literal('mute'),
    reason: ZReasonText,
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  }),
  z.object({
    action: z.literal('suspend'),
    reason: ZReasonText,
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  }),
  z.object({ action: z.literal('ban'), reason: ZReasonText }),
  z.object({ action: z.literal('unban'), reason: ZReasonText }),
  z.object({ action: z.literal('delete_message'), reason: ZReasonText, messageId: z.number().int().positive() }),
  z.object({
    action: z.literal('delete_evidence'),
    reason: ZReasonText,
    debateId: z.number().int().positive(),
    evidenceId: z.number().int().positive(),
  }),
  z.object({ action: z.literal('reset_name'), reason: ZReasonText }),
]);
export type TModerationActionRequest = z.infer<typeof ZModerationActionRequest>;

export const ZAppealDecisionRequest = z.object({ grant: z.boolean(), reason: ZReasonText });
export type TAppealDecisionRequest = z.infer<typeof ZAppealDecisionRequest>;

export interface TLogEntry {
  id: number;
  actor: { id: string; displayName: string };
  target: { id: string; displayName: string };
  action: TModerationAction;
  reason: string;
  caseId: number | null;
  until: string | null;
  createdAt: string;
}

/** A user id as accounts get them (letters, digits, `-`, `_`): nothing else reaches a query. */
const ZAccountId = ZUserIdParams.shape.id;

export const ZLogQuery = z.object({
  actorId: ZAccountId.optional(),
  targetId: ZAccountId.optional(),
  action: z.enum(MODERATION_ACTIONS).optional(),
  beforeId: z.coerce.number().int().positive().max(DB_INT_MAX).optional(),
});
export type TLogQuery = z.infer<typeof ZLogQuery>;

// ---- Notices ----

export type TNoticeKind = 'report_outcome' | 'action' | 'appeal_outcome';

export interface TNotice {
  id: number;
  kind: TNoticeKind;
  /** What the person reads: for a reporter only whether action was taken, never which. */
  title: string;
  body: string;
  /** For an action on the reader: the action, when it ends and whether it may still be appealed. */
  action: TModerationAction | null;
  actionId: number | null;
  until: string | null;
  canAppeal: boolean;
  readAt: string | null;
  createdAt: string;
}

export const ZAppealRequest = z.object({
  text: zText('multiline', {
    label: 'An appeal',
    max: REPORT_LIMITS.appealMax,
    required: 'Say why this should be reconsidered.',
    tooLong: `Keep it under ${REPORT_LIMITS.appealMax} characters.`,
  }),
});
export type TAppealRequest = z.infer<typeof ZAppealRequest>;

/** A banned person's appeal of the ban, with the token their refused sign-in answered with. */
export const ZBanAppealRequest = ZAppealRequest.extend({ token: z.string().min(1).max(1000) });
export type TBanAppealRequest = z.infer<typeof ZBanAppealRequest>;

/** The `details` of a sign-in refused for a ban (403 `account_banned`). */
export interface TBanRefusalDetails {
  reason: string | null;
  /** Present while the ban can still be appealed (once per ban). */
  appealToken: string | null;
}
