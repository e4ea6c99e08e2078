import type { Generated } from 'kysely';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
/** Community chat messages (migration 0005-chat). Soft-deleted: `deletedAt`/`deletedBy` set, row kept. */
export interface MessagesTable {
  id: Generated<number>;
  /** Made by the sender's browser once per message; unique per user, so a retried send stores once. */
  clientId: string;
  userId: string;
  text: string;
  email: string;
  displayName: string;
  role: string;
  timestamp: string;
  deletedAt: string | null;
  deletedBy: string | null;
}

/**
 * The community chat's settings (migration 0036-chat-lock): one row, id 1. `isLocked`: only established accounts
 * may post; `changedAt`/`changedBy`: the admin's last change (ISO, user id), null before any.
 */
export interface ChatSettingsTable {
  id: number;
  isLocked: number | boolean;
  changedAt: string | null;
  changedBy: string | null;
}

export interface ChatTables {
  messages: MessagesTable;
  chatSettings: ChatSettingsTable;
}
