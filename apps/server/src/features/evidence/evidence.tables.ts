import type { Generated } from 'kysely';

/** Evidence shared in a round (migration 0016): a file (its bytes in chunks), or a text or a link. */

export interface DebateEvidenceTable {
  id: Generated<number>;
  debateId: number;
  userId: string | null;
  kind: 'file' | 'text' | 'link';
  name: string;
  contentType: string | null;
  size: Generated<number>;
  text: string | null;
  /** 0 while a file is still arriving; only complete evidence is listed or served. */
  isComplete: Generated<number>;
  createdAt: string;
}

export interface DebateEvidenceChunksTable {
  evidenceId: number;
  seq: number;
  data: Buffer;
}

export interface EvidenceTables {
  debateEvidence: DebateEvidenceTable;
  debateEvidenceChunks: DebateEvidenceChunksTable;
}
