import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * British Parliamentary's choices and forfeits (issue 41):
 * - `debates.speechMinutes`: the round's chosen speech length (a BP room of five-minute speeches, the schools' length;
 *   null: the format's own, seven for BP), read by the clock, protected POI time and the award rules;
 * - `debateQueue.speechMinutes`: the length a BP queuer chose on the queue card (null: seven); a room forms only from
 *   teams that chose the same length;
 * - `bpTeamForfeits`: each team of a BP room that forfeited (a member left, or the team was away), with the place it
 *   takes (4th for the first to go, then 3rd, then 2nd) and who forfeited. The room goes on without it.
 */
export function bpSpeechMinutes(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('speechMinutes', 'integer').execute();
      await db.schema.alterTable('debateQueue').addColumn('speechMinutes', 'integer').execute();
      await db.schema
        .createTable('bpTeamForfeits')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('place', 'integer', (c) => c.notNull())
        .addColumn('forfeitedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bpTeamForfeits_pk', ['debateId', 'team'])
        .addUniqueConstraint('bpTeamForfeits_place', ['debateId', 'place'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bpTeamForfeits').execute();
      await db.schema.alterTable('debateQueue').dropColumn('speechMinutes').execute();
      await db.schema.alterTable('debates').dropColumn('speechMinutes').execute();
    },
  };
}
