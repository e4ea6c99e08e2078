/** A participant's flow sheet for a round (migration 0017): `cells` is the JSON of `TFlowColumns`. */

export interface DebateFlowsTable {
  debateId: number;
  userId: string;
  cells: string;
  updatedAt: string;
}

export interface FlowsTables {
  debateFlows: DebateFlowsTable;
}
