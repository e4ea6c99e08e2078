/** Recordings SQL: the recordings of a round, the size of each stored part, and their seekable WebM headers. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function insertRecording(
  db: TDb,
  values: { debateId: number; userId: string; mimeType: string; startedAt: string },
): Promise<number> {
  const inserted = await db.insertInto('debateRecordings').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findRecording(db: TDb, debateId: number, recordingId: number) {
  return db
    .selectFrom('debateRecordings')
    .selectAll()
    .where('id', '=', recordingId)
    .where('debateId', '=', debateId)
    .executeTakeFirst();
}

export async function recordingExists(db: TDb, recordingId: number): Promise<boolean> {
  return !!(await db.selectFrom('debateRecordings').select('id').where('id', '=', recordingId).executeTakeFirst());
}

/**
 * Counts part `seq` of a recording with its size, in one transaction: only if `seq` is the next part (false when
 * another request counted it first, or the recording is gone).
 */
export async function countPart(
  db: TDb,
  input: { recordingId: number; seq: number; size: number; totalSize: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('debateRecordings')
      .set({ chunks: input.seq + 1, size: input.totalSize })
      .where('id', '=', input.recordingId)
      .where('chunks', '=', input.seq)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('debateRecordingPartSizes')
      .values({ recordingId: input.recordingId, seq: input.seq, size: input.size })
      .execute();
    return true;
  });
}

/** The round's recordings that hold at least one part, with their authors' names. */
export async function listRecordingsOfDebate(db: TDb, debateId: number) {
  return db
    .selectFrom('debateRecordings as r')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .select(['r.id', 'r.debateId', 'r.userId', 'r.mimeType', 'r.size', 'r.startedAt', 'u.displayName'])
    .where('r.debateId', '=', debateId)
    .where('r.chunks', '>', 0)
    .orderBy('r.id', 'asc')
    .execute();
}

/** The sizes of the first `parts` parts of a recording, in order. */
export async function listPartSizes(db: TDb, recordingId: number, parts: number) {
  return db
    .selectFrom('debateRecordingPartSizes')
    .select(['seq', 'size'])
    .where('recordingId', '=', recordingId)
    .where('seq', '<', parts)
    .orderBy('seq', 'asc')
    .execute();
}

export async function findRecordingIndex(db: TDb, recordingId: number) {
  return db.selectFrom('debateRecordingIndexes').selectAll().where('recordingId', '=', recordingId).executeTakeFirst();
}

export async function saveRecordingIndex(
  db: TDb,
  recordingId: number,
  values: { chunks: number; durationMs: number | null; metadataSize: number | null; header: Buffer | null },
): Promise<void> {
  await db
    .insertInto('debateRecordingIndexes')
    .values({ recordingId, ...values })
    .onConflict((oc) => oc.column('recordingId').doUpdateSet(values))
    .execute();
}

export async function deleteRecordingRows(db: TDb, ids: number[]): Promise<void> {
  await db.deleteFrom('debateRecordings').where('id', 'in', ids).execute();
}

export async function listRecordingIdsOfDebate(db: TDb, debateId: number): Promise<number[]> {
  const rows = await db.selectFrom('debateRecordings').select('id').where('debateId', '=', debateId).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The recordings an account's deletion takes away: every recording of a round they debated as a side's first debater
 * (the round goes with them), and every recording they made themselves (a partner's too: their rows go with them).
 */
export async function listRecordingIdsOfDebater(db: TDb, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('debateRecordings as r')
    .innerJoin('debates as d', 'd.id', 'r.debateId')
    .select('r.id')
    .where((eb) =>
      eb.or([eb('d.debaterAId', '=', userId), eb('d.debaterBId', '=', userId), eb('r.userId', '=', userId)]),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function listRecordingIdsStartedBefore(db: TDb, cutoff: string): Promise<number[]> {
  const rows = await db.selectFrom('debateRecordings').select('id').where('startedAt', '<', cutoff).execute();
  return rows.map((r) => Number(r.id));
}

/** A round's recordings that hold at least one part, oldest first (what a child-safety report copies). */
export async function listStoredRecordingsOfDebate(db: Kysely<DB>, debateId: number) {
  return db
    .selectFrom('debateRecordings')
    .select(['id', 'userId', 'mimeType', 'size', 'chunks'])
    .where('debateId', '=', debateId)
    .where('chunks', '>', 0)
    .orderBy('id', 'asc')
    .execute();
}
