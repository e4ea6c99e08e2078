import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The tournament's audit (the `tournaments` feature; docs/data.md): one row per correction a host made — sides
 * swapped or a judge changed before a debate started, a round re-paired before it started, a confirmed result
 * corrected (its reason required). `before` and `after` are JSON (`{ text, … }`: plain words for the hosts' list
 * and the data changed); `actorId` is kept as null when the host's account is deleted, so the entry stays.
 */
export function tournamentAudit({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournamentAudit')
        .addColumn('id', id.type, id.build)
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('roundNumber', 'integer')
        .addColumn('debateId', 'integer', (c) => c.references('debates.id').onDelete('set null'))
        .addColumn('actorId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reason', 'text')
        .addColumn('before', 'text', (c) => c.notNull())
        .addColumn('after', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tournamentAudit_tournament')
        .on('tournamentAudit')
        .columns(['tournamentId', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tournamentAudit').execute();
    },
  };
}
