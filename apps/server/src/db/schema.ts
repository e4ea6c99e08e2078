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

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  zoomLink: string;
  isFixed: number;
  createdBy: string | null;
  createdAt: string;
  /** Set when a room's name or link is changed (migration 0004). */
  updatedAt: string | null;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  createdAt: string;
}

export interface DB {
  topics: TopicsTable;
  rooms: RoomsTable;
  contactRequests: ContactRequestsTable;
}
