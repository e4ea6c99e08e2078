import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A Public Forum tournament round's coin flip, recorded on its round (docs/data.md):
 * - `debates.coinFlipWinnerId`: the debater who won the draw's coin flip (null: a round without one);
 * - `debates.coinFlipWinnerChoice` / `coinFlipLoserChoice`: each choice (`aff`, `neg`, `first`, `second`) once made;
 * - `debates.firstSide`: the side whose speeches come first in each pair (`a` but when the coin flip put Con first).
 */
export function coinFlipChoices(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('coinFlipWinnerId', 'text').execute();
      await db.schema.alterTable('debates').addColumn('coinFlipWinnerChoice', 'text').execute();
      await db.schema.alterTable('debates').addColumn('coinFlipLoserChoice', 'text').execute();
      await db.schema
        .alterTable('debates')
        .addColumn('firstSide', 'text', (c) => c.notNull().defaultTo('a'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['firstSide', 'coinFlipLoserChoice', 'coinFlipWinnerChoice', 'coinFlipWinnerId']) {
        await db.schema.alterTable('debates').dropColumn(column).execute();
      }
    },
  };
}
