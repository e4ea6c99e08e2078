/** A participant's flow sheet for a round (migration 0017): `cells` is the JSON of `TFlowColumns`. */

export interface DebateFlowsTable {
  debateId: number;
  userId: string;
  cells: string;
  updatedAt: string;
}

/** One cell of a team's shared flow (migration 0060): the last save of a cell wins. */
export interface DebateTeamFlowCellsTable {
  debateId: number;
  side: string;
  columnIndex: number;
  rowIndex: number;
  text: string;
  /** 1: the cell carries the argument across from the column before. */
  isExtension: number;
  updatedBy: string;
  updatedAt: string;
}

export interface FlowsTables {
  debateFlows: DebateFlowsTable;
  debateTeamFlowCells: DebateTeamFlowCellsTable;
}
