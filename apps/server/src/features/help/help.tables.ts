import type { Generated } from 'kysely';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
export interface ContactRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  createdAt: string;
}

export interface HelpTables {
  contactRequests: ContactRequestsTable;
}
