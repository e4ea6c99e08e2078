import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Partners queue together (issue 40, docs/decisions.md "Partners queue together").
 * - `debateQueue.mode`: how the person queues (`solo`: the ordinary queue of a format of one debater a side, or "find
 *   me a partner" in a team format; `team`: with their partner; `one-on-one`: the practice mode of a team format).
 *   Every row written before this waited as today's queue seats people: one debater a side, so a row of a team format
 *   (Public Forum, Parliamentary) becomes `one-on-one` and every other row `solo`.
 * - `debateQueue.partnerIds`: in `team` mode, the partners the person named, comma-separated (`,id,` each between
 *   commas); a team is ready when every member's row names the others.
 * - `partnerLinks`: a link a debater makes for a team format, which one other person may accept once within 24 hours
 *   (the accepter and the time are written on acceptance); the two may then queue as partners in that format.
 */
export function partnerQueue(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debateQueue')
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('solo'))
        .execute();
      await db.schema.alterTable('debateQueue').addColumn('partnerIds', 'text').execute();
      await sql`update "debateQueue" set "mode" = 'one-on-one' where "formatId" in ('pf', 'parli')`.execute(db);
      await db.schema
        .createTable('partnerLinks')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('creatorId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('accepterId', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('acceptedAt', 'text')
        .execute();
      await db.schema.createIndex('partnerLinks_creator').on('partnerLinks').columns(['creatorId']).execute();
      await db.schema.createIndex('partnerLinks_accepter').on('partnerLinks').columns(['accepterId']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('partnerLinks').execute();
      await db.schema.alterTable('debateQueue').dropColumn('partnerIds').execute();
      await db.schema.alterTable('debateQueue').dropColumn('mode').execute();
    },
  };
}
