/** Evidence SQL: items of a round (a file's bytes are kept by the blob store, `lib/blob-store`). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function insertEvidence(
  db: TDb,
  values: {
    debateId: number;
    userId: string;
    kind: 'file' | 'text' | 'link';
    name: string;
    contentType: string | null;
    text: string | null;
    isComplete: boolean;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('debateEvidence')
    .values({
      debateId: values.debateId,
      userId: values.userId,
      kind: values.kind,
      name: values.name,
      contentType: values.contentType,
      text: values.text,
      isComplete: values.isComplete ? 1 : 0,
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function completeFile(db: TDb, id: number, contentType: string, size: number): Promise<void> {
  await db.updateTable('debateEvidence').set({ isComplete: 1, contentType, size }).where('id', '=', id).execute();
}

/** Deletes an item (a file's bytes first: `blobs.deleteFiles`). */
export async function deleteEvidence(db: TDb, id: number): Promise<void> {
  await db.deleteFrom('debateEvidence').where('id', '=', id).execute();
}

export async function countEvidence(db: TDb, debateId: number): Promise<number> {
  const row = await db
    .selectFrom('debateEvidence')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('debateId', '=', debateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listEvidence(db: TDb, debateId: number) {
  return db
    .selectFrom('debateEvidence as e')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .select(['e.id', 'e.debateId', 'e.kind', 'e.name', 'e.contentType', 'e.size', 'e.text', 'e.userId', 'e.createdAt'])
    .select('u.displayName')
    .where('e.debateId', '=', debateId)
    .where('e.isComplete', '=', 1)
    .orderBy('e.id', 'asc')
    .execute();
}

export async function findEvidence(db: TDb, debateId: number, id: number) {
  return db
    .selectFrom('debateEvidence')
    .selectAll()
    .where('debateId', '=', debateId)
    .where('id', '=', id)
    .where('isComplete', '=', 1)
    .executeTakeFirst();
}

/** The files of the rounds `userId` debated in, and the files they shared anywhere (they go when the account does). */
export async function fileIdsOfDebater(db: TDb, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('debateEvidence as e')
    .innerJoin('debates as d', 'd.id', 'e.debateId')
    .select('e.id')
    .where('e.kind', '=', 'file')
    .where((eb) =>
      eb.or([eb('d.debaterAId', '=', userId), eb('d.debaterBId', '=', userId), eb('e.userId', '=', userId)]),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Deletes every item `userId` shared (a judge's, in rounds that outlive the account); file bytes go separately. */
export async function deleteEvidenceOfUser(db: TDb, userId: string): Promise<void> {
  await db.deleteFrom('debateEvidence').where('userId', '=', userId).execute();
}

/** The evidence the user shared (complete only; no bytes), for "Download my data". */
export async function listEvidenceOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('debateEvidence')
    .select(['id', 'debateId', 'kind', 'name', 'size', 'createdAt'])
    .where('userId', '=', userId)
    .where('isComplete', '=', 1)
    .orderBy('id')
    .execute();
}
