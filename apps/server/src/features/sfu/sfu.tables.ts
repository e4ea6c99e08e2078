/** The media server's room of a round (migrations 0040-sfu-rooms, 0055: it outlives its round's row). */
export interface SfuRoomsTable {
  debateId: number;
  /** The VideoRoom's id in Janus (bigint on PostgreSQL: may read as a string). */
  janusRoomId: number | string;
  /** When an instance won the insert and set about creating the room in Janus. */
  claimedAt: string;
  /** When the room was created and its token allowed: others use it from then on. */
  readyAt: string | null;
  /** When an instance claimed its destruction (the round was over). */
  destroyedAt: string | null;
}

export interface SfuTables {
  sfuRooms: SfuRoomsTable;
}
