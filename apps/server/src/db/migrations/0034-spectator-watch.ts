import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Who a minor meets: each debater's "let spectators watch" toggle on a debate. Null until the
 * debater chooses: it then reads as on in a round of adults and off in a round with a minor, so rounds from before
 * this migration keep their spectators, and the default follows the debaters' ages as they are (`spectatorsMayWatch`).
 */
export function spectatorWatch(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('spectatorWatchA', 'integer').execute();
      await db.schema.alterTable('debates').addColumn('spectatorWatchB', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('spectatorWatchB').execute();
      await db.schema.alterTable('debates').dropColumn('spectatorWatchA').execute();
    },
  };
}
