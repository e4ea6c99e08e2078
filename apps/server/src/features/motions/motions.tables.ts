import type { Generated } from 'kysely';
import type { TFormatId } from '@resolved/shared';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
/** The motion bank (migration 0014-motions). */
export interface MotionsTable {
  id: Generated<number>;
  formatId: TFormatId;
  text: string;
  createdBy: string | null;
  createdAt: string;
}

export interface MotionsTables {
  motions: MotionsTable;
}
