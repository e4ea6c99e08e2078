import type { Generated } from 'kysely';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
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

export interface RoomsTables {
  rooms: RoomsTable;
}
