/** Bytes kept with a case (migration 0031): copies of evidence files and recordings, in chunks. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function insertFile(
  db: TDb,
  values: {
    caseId: number;
    kind: 'evidence' | 'recording';
    sourceId: number;
    name: string;
    contentType: string;
    createdAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderationFiles')
    .values({ ...values, size: 0, sha256: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertFileChunk(db: TDb, fileId: number, seq: number, data: Buffer): Promise<void> {
  await db.insertInto('moderationFileChunks').values({ fileId, seq, data }).execute();
}

export async function completeFile(db: TDb, fileId: number, size: number, sha256: string): Promise<void> {
  await db.updateTable('moderationFiles').set({ size, sha256 }).where('id', '=', fileId).execute();
}

export async function findFile(db: TDb, id: number) {
  return db.selectFrom('moderationFiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listFileChunks(db: TDb, fileId: number): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('moderationFileChunks')
    .select('data')
    .where('fileId', '=', fileId)
    .orderBy('seq', 'asc')
    .execute();
  return rows.map((r) => Buffer.from(r.data));
}

export async function listFilesOfCase(db: TDb, caseId: number) {
  return db
    .selectFrom('moderationFiles')
    .select(['id', 'kind', 'sourceId', 'name', 'contentType', 'size', 'sha256'])
    .where('caseId', '=', caseId)
    .orderBy('id', 'asc')
    .execute();
}

/** Digests kept with cases for these evidence ids (the only place a SHA-256 of evidence is known). */
export async function findEvidenceDigests(db: TDb, evidenceIds: number[]) {
  if (evidenceIds.length === 0) return [];
  return db
    .selectFrom('moderationFiles')
    .select(['sourceId', 'sha256'])
    .where('kind', '=', 'evidence')
    .where('sourceId', 'in', evidenceIds)
    .execute();
}
