import type { Generated } from 'kysely';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
export interface TopicsTable {
  id: Generated<number>;
  title: string;
  date: string;
  description: string;
  isCurrent: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TopicsTables {
  topics: TopicsTable;
}
