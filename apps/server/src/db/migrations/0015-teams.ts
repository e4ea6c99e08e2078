import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Teams: a team with its join code, its members (coaches and members, judges the coach names), its
 * practice rounds (debates gain `teamId` and an optional `startsAt`), and each debater's rating after every rated
 * round, for the progress chart.
 */
export function teams({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('teams')
        .addColumn('id', id.type, id.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('school', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('joinCode', 'text', (c) => c.unique())
        .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('teamMembers')
        .addColumn('teamId', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('isJudge', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('joinedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('teamMembers_pk', ['teamId', 'userId'])
        .execute();
      await db.schema.createIndex('teamMembers_user').on('teamMembers').columns(['userId']).execute();
      await db.schema
        .alterTable('debates')
        .addColumn('teamId', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('debates').addColumn('startsAt', 'text').execute();
      await db.schema.createIndex('debates_team').on('debates').columns(['teamId', 'createdAt']).execute();
      await db.schema
        .createTable('ratingHistory')
        .addColumn('id', id.type, id.build)
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('rating', 'real', (c) => c.notNull())
        .addColumn('debateId', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ratingHistory_user')
        .on('ratingHistory')
        .columns(['userId', 'formatId', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ratingHistory').execute();
      await db.schema.dropIndex('debates_team').execute();
      await db.schema.alterTable('debates').dropColumn('startsAt').execute();
      await db.schema.alterTable('debates').dropColumn('teamId').execute();
      await db.schema.dropTable('teamMembers').execute();
      await db.schema.dropTable('teams').execute();
    },
  };
}
