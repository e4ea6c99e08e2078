import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Live debates: the matchmaking queue, private challenges, debates with their clock state,
 * who is in a debate right now (one active debate per user, enforced by the primary key), ballots,
 * in-round chat and per-format ratings.
 */
export function debates({ id, engine }: TMigrationContext) {
  const float = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateQueue')
        .addColumn('id', id.type, id.build)
        // One queue entry per user: waiting in two formats at once would let one person be matched twice.
        .addColumn('userId', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('debate_queue_format').on('debateQueue').columns(['formatId', 'id']).execute();

      await db.schema
        .createTable('debates')
        .addColumn('id', id.type, id.build)
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('resolution', 'text', (c) => c.notNull())
        .addColumn('topicId', 'integer')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('debaterAId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('debaterBId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('judgeId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('winnerSide', 'text')
        .addColumn('forfeitedBy', 'text')
        .addColumn('externalLink', 'text')
        .addColumn('clockPhase', 'text', (c) => c.notNull())
        .addColumn('clockSpeechIndex', 'integer', (c) => c.notNull())
        .addColumn('clockPrepTaker', 'text')
        .addColumn('clockStartedAt', 'text')
        .addColumn('clockIsPaused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('clockElapsedBeforeMs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prepRemainingAMs', 'integer', (c) => c.notNull())
        .addColumn('prepRemainingBMs', 'integer', (c) => c.notNull())
        // Bumped on every clock change: updates compare and set it, so two instances never overwrite each other.
        .addColumn('clockVersion', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('endedAt', 'text')
        .execute();
      await db.schema.createIndex('debates_status').on('debates').columns(['status', 'id']).execute();
      await db.schema.createIndex('debates_debater_a').on('debates').column('debaterAId').execute();
      await db.schema.createIndex('debates_debater_b').on('debates').column('debaterBId').execute();

      await db.schema
        .createTable('activeDebaters')
        // The "one active debate per user" constraint: a second insert for the same user fails.
        .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .execute();

      await db.schema
        .createTable('debateChallenges')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('debateId', 'integer', (c) => c.references('debates.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('debateBallots')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().unique().references('debates.id').onDelete('cascade'))
        .addColumn('judgeId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('winnerSide', 'text', (c) => c.notNull())
        // Speaker points in tenths (26.0–30.0 stored as 260–300) so both engines store them exactly.
        .addColumn('speakerPointsA', 'integer', (c) => c.notNull())
        .addColumn('speakerPointsB', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('debateMessages')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('debate_messages_debate').on('debateMessages').columns(['debateId', 'id']).execute();

      await db.schema
        .createTable('debateRatings')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('rating', float, (c) => c.notNull())
        .addColumn('deviation', float, (c) => c.notNull())
        .addColumn('volatility', float, (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('debate_ratings_pk', ['userId', 'formatId'])
        .execute();
      await db.schema
        .createIndex('debate_ratings_format')
        .on('debateRatings')
        .columns(['formatId', 'rating'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'debateRatings',
        'debateMessages',
        'debateBallots',
        'debateChallenges',
        'activeDebaters',
        'debates',
        'debateQueue',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
