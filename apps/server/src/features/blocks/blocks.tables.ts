/** Who blocked whom (migration 0030-user-blocks): one row per direction. */
export interface UserBlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: string;
}

export interface BlocksTables {
  userBlocks: UserBlocksTable;
}
