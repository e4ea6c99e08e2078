import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Trust and safety: reports grouped into cases, bytes kept with a case, the append-only moderation log,
 * notices, and a user's mute and suspension ends beside the ban better-auth's admin plugin keeps.
 */
export function moderation({ id, engine }: TMigrationContext) {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('mutedUntil', 'text').execute();
      await db.schema.alterTable('users').addColumn('suspendedUntil', 'text').execute();
      await db.schema
        .createTable('moderationCases')
        .addColumn('id', id.type, id.build)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reportedUserId', 'text', (c) => c.notNull())
        .addColumn('reportedName', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('claimedBy', 'text')
        .addColumn('claimedUntil', 'text')
        .addColumn('appealActionId', 'integer')
        .addColumn('appealText', 'text')
        .addColumn('outcome', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('closedAt', 'text')
        .addColumn('retainUntil', 'text')
        .addColumn('isPurged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // One open report case per user and reason: a second report joins it.
      await sql`CREATE UNIQUE INDEX "moderationCases_open" ON "moderationCases" ("reportedUserId", "reason")
        WHERE "status" = 'open' AND "kind" = 'report'`.execute(db);
      await db.schema.createIndex('moderationCases_status').on('moderationCases').columns(['status', 'id']).execute();
      await db.schema.createIndex('moderationCases_user').on('moderationCases').columns(['reportedUserId']).execute();
      await db.schema.createIndex('moderationCases_retain').on('moderationCases').columns(['retainUntil']).execute();
      await db.schema
        .createTable('moderationReports')
        .addColumn('id', id.type, id.build)
        .addColumn('caseId', 'integer', (c) => c.notNull().references('moderationCases.id').onDelete('cascade'))
        .addColumn('reporterId', 'text')
        .addColumn('reporterName', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('targetId', 'integer')
        .addColumn('details', 'text')
        .addColumn('context', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderationReports_case').on('moderationReports').columns(['caseId']).execute();
      await db.schema
        .createIndex('moderationReports_reporter')
        .on('moderationReports')
        .columns(['reporterId', 'createdAt'])
        .execute();
      await db.schema
        .createTable('moderationFiles')
        .addColumn('id', id.type, id.build)
        .addColumn('caseId', 'integer', (c) => c.notNull().references('moderationCases.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sourceId', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderationFiles_case').on('moderationFiles').columns(['caseId']).execute();
      await db.schema
        .createTable('moderationFileChunks')
        .addColumn('fileId', 'integer', (c) => c.notNull().references('moderationFiles.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('moderationFileChunks_pk', ['fileId', 'seq'])
        .execute();
      await db.schema
        .createTable('moderationLog')
        .addColumn('id', id.type, id.build)
        .addColumn('actorId', 'text', (c) => c.notNull())
        .addColumn('actorName', 'text', (c) => c.notNull())
        .addColumn('targetId', 'text', (c) => c.notNull())
        .addColumn('targetName', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('caseId', 'integer')
        .addColumn('until', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderationLog_actor').on('moderationLog').columns(['actorId', 'id']).execute();
      await db.schema.createIndex('moderationLog_target').on('moderationLog').columns(['targetId', 'id']).execute();
      // Append-only, whatever the code above it does.
      if (engine === 'postgres') {
        await sql`CREATE FUNCTION "moderationLog_append_only"() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'the moderation log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER "moderationLog_no_change" BEFORE UPDATE OR DELETE ON "moderationLog"
          FOR EACH ROW EXECUTE FUNCTION "moderationLog_append_only"()`.execute(db);
      } else {
        for (const verb of ['UPDATE', 'DELETE']) {
          await sql
            .raw(
              `CREATE TRIGGER "moderationLog_no_${verb.toLowerCase()}" BEFORE ${verb} ON "moderationLog"
               BEGIN SELECT RAISE(ABORT, 'the moderation log is append-only'); END`,
            )
            .execute(db);
        }
      }
      await db.schema
        .createTable('notices')
        .addColumn('id', id.type, id.build)
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('action', 'text')
        .addColumn('actionId', 'integer')
        .addColumn('until', 'text')
        .addColumn('readAt', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_user').on('notices').columns(['userId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notices').execute();
      await db.schema.dropTable('moderationLog').execute();
      if (engine === 'postgres') await sql`DROP FUNCTION "moderationLog_append_only"()`.execute(db);
      await db.schema.dropTable('moderationFileChunks').execute();
      await db.schema.dropTable('moderationFiles').execute();
      await db.schema.dropTable('moderationReports').execute();
      await db.schema.dropTable('moderationCases').execute();
      await db.schema.alterTable('users').dropColumn('suspendedUntil').execute();
      await db.schema.alterTable('users').dropColumn('mutedUntil').execute();
    },
  };
}
