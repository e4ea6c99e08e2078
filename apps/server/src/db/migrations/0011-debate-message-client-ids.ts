import type { Kysely } from 'kysely';

/**
 * Round messages get the community chat's idempotent sends: a client id per message, unique per author, so a
 * retried send stores nothing twice. Older rows have none (NULLs never collide in a unique index).
 */
export function debateMessageClientIds() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debateMessages').addColumn('clientId', 'text').execute();
      await db.schema
        .createIndex('debate_messages_user_client')
        .on('debateMessages')
        .columns(['userId', 'clientId'])
        .unique()
        .execute();
      // The rate limit counts a user's recent round messages.
      await db.schema
        .createIndex('debate_messages_user_created')
        .on('debateMessages')
        .columns(['userId', 'createdAt'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('debate_messages_user_created').execute();
      await db.schema.dropIndex('debate_messages_user_client').execute();
      await db.schema.alterTable('debateMessages').dropColumn('clientId').execute();
    },
  };
}
