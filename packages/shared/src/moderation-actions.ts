/**
 * Every action a moderator takes on an account, in one table that both the server (`act`, its checks, notices and
 * appeals) and the case page (its choices, fields and buttons) read. The server's effect of each action is a handler
 * keyed by the same ids (`apps/server/src/features/moderation/actions.service.ts`).
 */
import { MODERATION_ACTION_LABELS, type TModerationActionRequest } from './moderation.js';

/** The actions a moderator takes (the rest of the log's actions are decisions and admins' changes). */
export type TModeratorAction = TModerationActionRequest['action'];

export interface TModeratorActionSpec {
  /** Its name in the log, in notices and on the case page's button ("Apply: Muted"). */
  label: string;
  /** Its name among the case page's choices, where it differs from the label. */
  choiceLabel?: string;
  /** The case page's button, where it is not "Apply: <label>". */
  submitLabel?: string;
  /**
   * What it needs beside a reason (always required): `hours` a duration from RESTRICTION_HOURS, `message` the
   * reported chat message, `evidence` one of the reported person's evidence items in the case's rounds.
   */
  needs: 'reason' | 'hours' | 'message' | 'evidence';
  /**
   * Where it is taken, by moderators and admins alike: `case` only on an open case (dismissing), `account` on a
   * case's person or an account directly.
   */
  on: 'case' | 'account';
  /** Whether the case page's form offers it (`unban` has its own button, shown while a ban holds). */
  isOfferedOnCase: boolean;
  /** What it does to the person, told to them in a notice (null: nothing is done to them, and they are not told). */
  notice: string | null;
  /** Whether the person may appeal it (once). */
  isAppealable: boolean;
  /** Shown as a dangerous button. */
  isDanger: boolean;
}

/** In the order the case page offers them. */
export const MODERATOR_ACTIONS: Readonly<Record<TModeratorAction, TModeratorActionSpec>> = {
  dismiss: {
    label: MODERATION_ACTION_LABELS.dismiss,
    choiceLabel: 'Dismiss (no action)',
    submitLabel: 'Dismiss the case',
    needs: 'reason',
    on: 'case',
    isOfferedOnCase: true,
    notice: null,
    isAppealable: false,
    isDanger: false,
  },
  warn: {
    label: MODERATION_ACTION_LABELS.warn,
    needs: 'reason',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'You have received a warning from a moderator.',
    isAppealable: true,
    isDanger: false,
  },
  mute: {
    label: MODERATION_ACTION_LABELS.mute,
    needs: 'hours',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator has muted you in the community chat and in round chats.',
    isAppealable: true,
    isDanger: false,
  },
  suspend: {
    label: MODERATION_ACTION_LABELS.suspend,
    needs: 'hours',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator has suspended you from live debates (the queue, challenges and judging).',
    isAppealable: true,
    isDanger: false,
  },
  ban: {
    label: MODERATION_ACTION_LABELS.ban,
    needs: 'reason',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator has banned your account.',
    isAppealable: true,
    isDanger: true,
  },
  reset_name: {
    label: MODERATION_ACTION_LABELS.reset_name,
    needs: 'reason',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator reset your display name. You can choose a new one in Settings.',
    isAppealable: true,
    isDanger: false,
  },
  delete_message: {
    label: MODERATION_ACTION_LABELS.delete_message,
    needs: 'message',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator deleted one of your chat messages.',
    isAppealable: true,
    isDanger: false,
  },
  delete_evidence: {
    label: MODERATION_ACTION_LABELS.delete_evidence,
    needs: 'evidence',
    on: 'account',
    isOfferedOnCase: true,
    notice: 'A moderator deleted a piece of evidence you shared.',
    isAppealable: true,
    isDanger: false,
  },
  unban: {
    label: MODERATION_ACTION_LABELS.unban,
    needs: 'reason',
    on: 'account',
    isOfferedOnCase: false,
    notice: null,
    isAppealable: false,
    isDanger: false,
  },
};

export const MODERATOR_ACTION_IDS = Object.keys(MODERATOR_ACTIONS) as TModeratorAction[];

/** Whether a logged action is one its person may appeal. */
export function isAppealableAction(action: string): boolean {
  return action in MODERATOR_ACTIONS && MODERATOR_ACTIONS[action as TModeratorAction].isAppealable;
}
