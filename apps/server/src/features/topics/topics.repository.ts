import type { Kysely, Selectable } from 'kysely';
import type { TTopic } from '@resolved/shared';
import type { DB, TopicsTable } from '../../db/schema';

function toTopic(row: Selectable<TopicsTable>): TTopic {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    description: row.description,
    isCurrent: row.isCurrent === 1,
    createdAt: row.createdAt,
  };
}

export async function findCurrentTopic(db: Kysely<DB>): Promise<TTopic | undefined> {
  const row = await db
    .selectFrom('topics')
    .selectAll()
    .where('isCurrent', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toTopic(row) : undefined;
}

export async function listTopics(db: Kysely<DB>, limit: number): Promise<TTopic[]> {
  const rows = await db
    .selectFrom('topics')
    .selectAll()
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toTopic);
}
