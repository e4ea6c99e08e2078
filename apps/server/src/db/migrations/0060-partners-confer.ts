import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Partners confer (issue 40): what a team of a round keeps to itself.
 * - `debatePartnerMessages`: a side's partner chat, apart from `debateMessages` so that no reader of the round's chat
 *   (the room, the replay, a report's context) can ever show it to the other side, the judges or spectators. A
 *   client id per message, unique per author (a retried send stores nothing twice), and the rate limit's index.
 * - `debateTeamFlowCells`: a side's shared flow, one row per cell (speech column, row), written by an upsert, so the
 *   last save of a cell wins and two partners typing in different cells never undo each other. `updatedBy` is who
 *   last wrote the cell (their own data).
 */
export function partnersConfer({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debatePartnerMessages')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('clientId', 'text')
        .execute();
      await db.schema
        .createIndex('debate_partner_messages_side')
        .on('debatePartnerMessages')
        .columns(['debateId', 'side', 'id'])
        .execute();
      await db.schema
        .createIndex('debate_partner_messages_user_client')
        .on('debatePartnerMessages')
        .columns(['userId', 'clientId'])
        .unique()
        .execute();
      await db.schema
        .createIndex('debate_partner_messages_user_created')
        .on('debatePartnerMessages')
        .columns(['userId', 'createdAt'])
        .execute();
      await db.schema
        .createTable('debateTeamFlowCells')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('columnIndex', 'integer', (c) => c.notNull())
        .addColumn('rowIndex', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('isExtension', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updatedBy', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('debate_team_flow_cells_pk', ['debateId', 'side', 'columnIndex', 'rowIndex'])
        .execute();
      await db.schema
        .createIndex('debate_team_flow_cells_user')
        .on('debateTeamFlowCells')
        .columns(['updatedBy'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateTeamFlowCells').execute();
      await db.schema.dropTable('debatePartnerMessages').execute();
    },
  };
}
