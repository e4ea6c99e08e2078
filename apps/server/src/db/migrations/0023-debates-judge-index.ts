import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Rounds a user judged: the Debates page and a profile list them newest first by `judgeId`, which had
 * no index; (judgeId, id) serves the filter and the order without scanning every round.
 */
export function debatesJudgeIndex(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('debates_judge').on('debates').columns(['judgeId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('debates_judge').execute();
    },
  };
}
