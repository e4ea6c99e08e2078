import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The current version of a cached public read (migration 0038-read-versions); 0 if the row is missing. */
export async function findReadVersion(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db.selectFrom('readVersions').select('version').where('name', '=', name).executeTakeFirst();
  return Number(row?.version ?? 0);
}
