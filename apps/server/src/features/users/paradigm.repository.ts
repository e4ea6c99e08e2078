/** Judges' paradigms: the `users.paradigm` column (migration 0047), with the month of birth that decides who sees it. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function setParadigm(db: TDb, userId: string, paradigm: string | null): Promise<void> {
  await db.updateTable('users').set({ paradigm }).where('id', '=', userId).execute();
}

/** The paradigm and month of birth of each of these users that exists (in chunks of 500). */
export async function findParadigms(
  db: TDb,
  ids: readonly string[],
): Promise<{ id: string; paradigm: string | null; birthMonth: string | null }[]> {
  const unique = [...new Set(ids)];
  const out: { id: string; paradigm: string | null; birthMonth: string | null }[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'paradigm', 'birthMonth'])
        .where('id', 'in', unique.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
