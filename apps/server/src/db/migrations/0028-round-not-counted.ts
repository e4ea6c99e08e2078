import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Why a round did not count for its debaters' points: the shared award rule's finding (`TNotCounted`,
 * as JSON: the rule met and, for the speech-time rule, the share of speech time that ran), written when the round is
 * settled, so the room, the dashboard and a coach's progress view show it as a practice round without working the
 * rule out again. Null for a round that counted, one still running, and rounds settled before this migration.
 */
export function roundNotCounted(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('notCounted', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('notCounted').execute();
    },
  };
}
