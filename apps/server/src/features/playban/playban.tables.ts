/** A strike: a round the user left or missed (migration 0032-playbans). */
export interface PlayStrikesTable {
  userId: string;
  debateId: number;
  createdAt: string;
}

/** A user's matchmaking cooldown state: one row from their first strike (migration 0032-playbans). */
export interface PlaybansTable {
  userId: string;
  /** The step of the last cooldown given (0: 10 minutes … 3: 24 hours), -1 before any; decayed at each strike. */
  step: number;
  /** When the last cooldown was given, or null: strikes before it do not count towards the next. */
  givenAt: string | null;
  /** The end of the last cooldown, or null. */
  until: string | null;
  lastStrikeAt: string;
}

export interface PlaybanTables {
  playStrikes: PlayStrikesTable;
  playbans: PlaybansTable;
}
