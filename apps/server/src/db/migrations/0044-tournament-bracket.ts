import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The elimination bracket (the `tournaments` feature; docs/data.md).
 * - `tournamentBrackets`: one row per division that broke: `brackets-manager`'s single-elimination stage as the
 *   JSON of its in-memory database (participants named by entrant id), rewritten under the tournament's lock when a
 *   result advances a winner; `championEntrantId` once the final is decided.
 * Elimination rounds are further `tournamentRounds` rows numbered after the preliminaries; tournaments made before
 * this migration get theirs here (as drafts), as new ones do at creation.
 */
export function tournamentBracket({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournamentBrackets')
        .addColumn('id', id.type, id.build)
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('divisionId', 'integer', (c) => c.notNull().references('tournamentDivisions.id').onDelete('cascade'))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('championEntrantId', 'integer', (c) => c.references('tournamentEntrants.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('tournamentBrackets_once', ['tournamentId', 'divisionId'])
        .execute();
      // Elimination rounds of tournaments that exist already: one per bracket round (a bracket of 2 has 1, of 4 has 2…).
      const untyped = db as Kysely<{
        tournaments: { id: number; prelimRounds: number; breakSize: number; status: string };
        tournamentDivisions: { id: number; tournamentId: number };
        tournamentRounds: { tournamentId: number; divisionId: number; number: number; seed: string };
      }>;
      const tournaments = await untyped
        .selectFrom('tournaments')
        .select(['id', 'prelimRounds', 'breakSize'])
        .where('breakSize', '>=', 2)
        .where('status', '!=', 'finished')
        .execute();
      for (const t of tournaments) {
        let rounds = 0;
        for (let size = 1; size < t.breakSize; size *= 2) rounds++;
        const divisions = await untyped
          .selectFrom('tournamentDivisions')
          .select('id')
          .where('tournamentId', '=', t.id)
          .execute();
        const values = divisions.flatMap((d) =>
          Array.from({ length: rounds }, (_, i) => ({
            tournamentId: Number(t.id),
            divisionId: Number(d.id),
            number: Number(t.prelimRounds) + i + 1,
            seed: `${Number(t.id)}-${Number(d.id)}-${Number(t.prelimRounds) + i + 1}-${Math.random().toString(16).slice(2)}`,
          })),
        );
        if (values.length > 0) await untyped.insertInto('tournamentRounds').values(values).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tournamentBrackets').execute();
    },
  };
}
