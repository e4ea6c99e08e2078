/**
 * Flow sheets: each debater's and the judge's own notes of a round, saved as they type (the last save wins: only
 * its author writes a flow), readable only by that author.
 */
import { emptyFlow, flowRefusal, type TFlow, type TFlowColumns, type TSessionUser } from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError, refuse } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import { requireDebate, roundSeatsOf } from '../debates/round-row';
import type { TDebateRow } from '../debates/debates.tables';
import * as repo from './flows.repository';

async function requireFlowAuthor(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireDebate(deps, debateId);
  refuse(flowRefusal(user, await roundSeatsOf(deps, row)));
  return row;
}

export async function getFlow(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TFlow> {
  const row = await requireFlowAuthor(deps, user, debateId);
  const saved = await repo.findFlow(deps.database.db, debateId, user.id);
  return {
    debateId,
    columns: saved ? (JSON.parse(saved.cells) as TFlowColumns) : emptyFlow(row.formatId),
    updatedAt: saved?.updatedAt ?? null,
  };
}

export async function saveFlow(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  columns: TFlowColumns,
): Promise<TFlow> {
  const row = await requireFlowAuthor(deps, user, debateId);
  if (columns.length > emptyFlow(row.formatId, 0).length) {
    throw new AppError('validation_failed', 'A flow has one column per speech of the format.');
  }
  const updatedAt = nowIso();
  const cells = JSON.stringify(columns);
  await repo.saveFlow(deps.database.db, { debateId, userId: user.id, cells, updatedAt });
  return { debateId, columns, updatedAt };
}

/** The user's own flows for "Download my data", cells parsed back from their JSON. */
export async function flowsOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  const rows = await repo.listFlowsOfUser(deps.database.db, userId);
  return rows.map((row) => ({
    debateId: row.debateId,
    cells: JSON.parse(row.cells) as unknown,
    updatedAt: row.updatedAt,
  }));
}
