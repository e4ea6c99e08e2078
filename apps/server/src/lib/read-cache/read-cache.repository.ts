import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The version read's SQL, built and compiled once per database handle (the text differs between the engines). */
const versionSql = new WeakMap<Kysely<DB>, string>();

/**
 * The current version of a cached public read (migration 0038-read-versions); 0 if the row is missing. Every cached
 * read runs it, so its SQL is compiled once and run with the name as its parameter: building and compiling the
 * query each time cost more than running it.
 */
export async function findReadVersion(db: Kysely<DB>, name: string): Promise<number> {
  let text = versionSql.get(db);
  if (text === undefined) {
    text = db.selectFrom('readVersions').select('version').where('name', '=', name).compile().sql;
    versionSql.set(db, text);
  }
  const { rows } = await db.executeQuery<{ version: number | string }>(CompiledQuery.raw(text, [name]));
  return Number(rows[0]?.version ?? 0);
}
