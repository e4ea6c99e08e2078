import type { Kysely } from 'kysely';

/**
 * What the award rules (packages/shared `awardsFor`) need to know about a round, recorded as it happens: how much
 * speech time actually ran, when the first speech started, when the judge sat down and when each debater first
 * entered the room; and whether the round earned its debaters points (the repeat-pair window counts those).
 * Ledger rows name the debate they came from, so a round can show why it earned what it earned.
 */
export function roundFacts() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debates')
        .addColumn('spokenMs', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const column of ['firstSpeechAt', 'judgeSeatedAt', 'debaterAJoinedAt', 'debaterBJoinedAt']) {
        await db.schema.alterTable('debates').addColumn(column, 'text').execute();
      }
      await db.schema
        .alterTable('debates')
        .addColumn('isRewarded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('debates_pair_ended')
        .on('debates')
        .columns(['debaterAId', 'debaterBId', 'endedAt'])
        .execute();
      await db.schema.alterTable('scoreLedger').addColumn('debateId', 'integer').execute();
      await db.schema.createIndex('score_ledger_debate').on('scoreLedger').column('debateId').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('score_ledger_debate').execute();
      await db.schema.alterTable('scoreLedger').dropColumn('debateId').execute();
      await db.schema.dropIndex('debates_pair_ended').execute();
      for (const column of [
        'isRewarded',
        'debaterBJoinedAt',
        'debaterAJoinedAt',
        'judgeSeatedAt',
        'firstSpeechAt',
        'spokenMs',
      ]) {
        await db.schema.alterTable('debates').dropColumn(column).execute();
      }
    },
  };
}
