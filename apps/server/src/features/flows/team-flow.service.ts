/**
 * A team's shared flow (issue 40, partners confer): on a side of two or more, its debaters keep one flow together and
 * edit it live; nobody else reads it (the other side, the judges and spectators are refused, 403). It is kept per
 * cell and the last save of a cell wins: each save sends only the cells it changed, so two partners typing in
 * different cells never undo each other, and the partners' pages apply each other's saves as they arrive
 * (`debate.team_flow_changed`, sent to each partner's own sockets, read from the seats at each save).
 */
import {
  emptyFlow,
  membersOfSide,
  partnerChannelRefusal,
  REALTIME_ROOMS,
  teamSideOf,
  type TFlowColumns,
  type TSessionUser,
  type TTeamFlow,
  type TTeamFlowCellEdit,
  type TTeamFlowChange,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError, refuse } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import { teamSeatsOfRow, requireDebate } from '../debates/round-row';
import * as repo from './flows.repository';

/** The round, the viewer's team's side and its members; refused to anyone not a debater of a side of two or more. */
async function requireTeamSide(deps: TDebatesDeps, user: TSessionUser, debateId: number) {
  const row = await requireDebate(deps, debateId);
  const seats = await teamSeatsOfRow(deps, row);
  refuse(partnerChannelRefusal(user, seats, 'team_flow'));
  const side = teamSideOf(user.id, seats)!;
  return { row, side, members: membersOfSide(side, seats) };
}

export async function getTeamFlow(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TTeamFlow> {
  const { row, side } = await requireTeamSide(deps, user, debateId);
  const cells = await repo.listTeamFlowCells(deps.database.db, debateId, side);
  const columns: TFlowColumns = emptyFlow(row.formatId);
  let updatedAt: string | null = null;
  for (const cell of cells) {
    const column = columns[cell.columnIndex];
    if (!column) continue;
    while (column.length <= cell.rowIndex) column.push({ text: '', isExtension: false });
    column[cell.rowIndex] = { text: cell.text, isExtension: Number(cell.isExtension) === 1 };
    if (updatedAt === null || cell.updatedAt > updatedAt) updatedAt = cell.updatedAt;
  }
  return { debateId, side, columns, updatedAt };
}

/**
 * Saves cells of the viewer's team flow (one save's cells: a cell named twice keeps its last) and tells the partners.
 * A column past the format's speeches is a 400.
 */
export async function saveTeamFlowCells(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  edits: TTeamFlowCellEdit[],
): Promise<TTeamFlowChange> {
  const { row, side, members } = await requireTeamSide(deps, user, debateId);
  const speeches = emptyFlow(row.formatId, 0).length;
  if (edits.some((cell) => cell.column >= speeches)) {
    throw new AppError('validation_failed', 'A flow has one column per speech of the format.');
  }
  const cells = [...new Map(edits.map((cell) => [`${cell.column}:${cell.row}`, cell])).values()];
  const updatedAt = nowIso();
  await repo.saveTeamFlowCells(deps.database.db, { debateId, side }, cells, { updatedBy: user.id, updatedAt });
  const change: TTeamFlowChange = { debateId, side, cells, updatedBy: user.id, updatedAt };
  for (const memberId of members) {
    deps.events.emit({ name: 'debate.team_flow_changed', room: REALTIME_ROOMS.user(memberId), payload: change });
  }
  return change;
}

/** The team-flow cells the user wrote last, for "Download my data". */
export async function teamFlowCellsOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  const rows = await repo.listTeamFlowCellsOfUser(deps.database.db, userId);
  return rows.map((r) => ({
    debateId: r.debateId,
    side: r.side,
    column: r.columnIndex,
    row: r.rowIndex,
    text: r.text,
    isExtension: Number(r.isExtension) === 1,
    updatedAt: r.updatedAt,
  }));
}
