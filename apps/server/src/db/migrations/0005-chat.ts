import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Community chat messages. `id` increases with every message: it orders the chat and is the cursor for
 * history (`beforeId`) and for catching up after a reconnect (`afterId`). Deletion is soft (`deletedAt`,
 * `deletedBy`) so that a client that was away can learn which messages disappeared meanwhile.
 */
export function chat({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('messages')
        .addColumn('id', id.type, id.build)
        .addColumn('clientId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('displayName', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('deletedAt', 'text')
        .addColumn('deletedBy', 'text')
        .execute();
      // A retried send (same client id) finds the stored message instead of storing it twice.
      await db.schema
        .createIndex('messages_user_client')
        .on('messages')
        .columns(['userId', 'clientId'])
        .unique()
        .execute();
      // The per-user rate limit counts a user's recent messages.
      await db.schema.createIndex('messages_user_timestamp').on('messages').columns(['userId', 'timestamp']).execute();
      // Catch-up asks which messages were deleted since a time.
      await db.schema.createIndex('messages_deleted_at').on('messages').column('deletedAt').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('messages').execute();
    },
  };
}
