import type { Kysely } from 'kysely';

/**
 * A debater may invite a judge by link: the round keeps the invitation's token (null: none). While one is out, the
 * judge's seat is kept for whoever holds the link, and a round that ends before they arrive waits for their ballot.
 */
export function judgeInvites() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('judgeInviteToken', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('judgeInviteToken').execute();
    },
  };
}
