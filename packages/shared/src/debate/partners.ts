/**
 * Partners confer (issue 40): on a side that seats two or more debaters, the partners share a partner chat and a team
 * flow that only they read (never the other side, the judges or spectators), and while prep time runs (either team's)
 * the call splits into huddles: a debater's audio reaches only their own partners. A side of one (Lincoln Douglas, a
 * one-on-one practice round) has neither, and its call never splits. Pure: the server's doors and the web's call read
 * the same answers.
 */
import { z } from 'zod';
import type { TRefusal } from '../errors.js';
import type { TActor } from '../rules/actor.js';
import { refusalOf } from '../rules/refusals.js';
import { BP_SIDE_OF, isBpPosition, isFourTeamFormat, type TFormatId } from '../formats.js';
import type { TClockState } from './clock.js';
import { FLOW_LIMITS, ZFlowCell, type TFlowColumns } from './flows.js';
import type { TDebateMessage } from './protocol.js';
import { sidesOf, type TDebaterSeat, type TSeatSide } from './seating.js';

type TSeats = readonly Pick<TDebaterSeat, 'userId' | 'side'>[];

/**
 * A round's seats as its teams: a seat's side is its team. In British Parliamentary a seat's side is its bench, and its
 * team (`og`, `oo`, `cg`, `co`) follows from its position (`BP_SIDE_OF`): the partner chat, the team flow and the prep
 * huddle read these, so each of the four teams confers alone. Every other format's seats come back as they are.
 */
export function teamSeatsOf<T extends Pick<TDebaterSeat, 'side' | 'position'>>(
  formatId: TFormatId,
  seats: readonly T[],
): T[] {
  if (!isFourTeamFormat(formatId)) return [...seats];
  return seats.map((seat) => (isBpPosition(seat.position) ? { ...seat, side: BP_SIDE_OF[seat.position] } : seat));
}

/** The side `userId` debates on when that side seats two or more (a team with partners), else null. */
export function teamSideOf(userId: string, debaters: TSeats): TSeatSide | null {
  const side = debaters.find((d) => d.userId === userId)?.side;
  if (side === undefined) return null;
  return debaters.filter((d) => d.side === side).length >= 2 ? side : null;
}

/** Every debater seated on `side` (the partners of a team), in seat order. */
export function membersOfSide(side: TSeatSide, debaters: TSeats): string[] {
  return debaters.filter((d) => d.side === side).map((d) => d.userId);
}

/**
 * Writing in (or reading) a team's partner chat or its team flow: only a debater of a side of two or more, and only
 * their own side's. Everyone else — the other side, the judges, spectators, a debater of a side of one — is refused.
 */
export function partnerChannelRefusal(
  actor: TActor,
  debaters: TSeats,
  door: 'partner_chat' | 'team_flow',
): TRefusal | null {
  return actor && teamSideOf(actor.id, debaters) !== null ? null : refusalOf('not_in_round', door);
}

/** A message of a team's partner chat: a round message, and the side whose partners read it. */
export interface TPartnerMessage extends TDebateMessage {
  side: TSeatSide;
}

/**
 * One cell of a team flow as an edit sets it: the speech's column, the row, and what the cell now holds. The team flow
 * is kept per cell and the last edit of a cell wins (two partners typing in different cells never undo each other;
 * in the same cell, the later save stands).
 */
export const ZTeamFlowCellEdit = ZFlowCell.extend({
  column: z.number().int().min(0).max(11),
  row: z
    .number()
    .int()
    .min(0)
    .max(FLOW_LIMITS.rows - 1),
});
export type TTeamFlowCellEdit = z.output<typeof ZTeamFlowCellEdit>;

/** How many cells one save may set (a paste across a column; a full sheet is saved in several). */
export const TEAM_FLOW_EDIT_MAX = 100;

export const ZTeamFlowEditRequest = z.object({
  cells: z
    .array(ZTeamFlowCellEdit)
    .min(1, { error: 'Change a cell first.' })
    .max(TEAM_FLOW_EDIT_MAX, { error: `Save at most ${TEAM_FLOW_EDIT_MAX} cells at once.` }),
});
export type TTeamFlowEditRequest = z.output<typeof ZTeamFlowEditRequest>;

/** A team's shared flow as its partners read it: one column per speech, as a debater's own flow. */
export interface TTeamFlow {
  debateId: number;
  side: TSeatSide;
  columns: TFlowColumns;
  /** The last save of any cell, or null before the first. */
  updatedAt: string | null;
}

/** What a team flow's partners are sent when one of them saves cells (`debate.team_flow_changed`). */
export interface TTeamFlowChange {
  debateId: number;
  side: TSeatSide;
  cells: TTeamFlowCellEdit[];
  updatedBy: string;
  updatedAt: string;
}

/**
 * Whether the call is split into huddles now: prep time runs (either team's, paused or not) in a round with a side
 * of two or more. Between speeches and during them, everyone hears everyone.
 */
export function isPrepHuddle(clock: Pick<TClockState, 'phase'>, debaters: TSeats): boolean {
  return clock.phase === 'prep' && [...sidesOf(debaters).values()].some((members) => members.length >= 2);
}

/**
 * Whether `fromId`'s audio reaches `toId` now. In a huddle a debater is heard only by their own partners: not by the
 * other side, the judges or spectators. A judge (not on a side) stays heard by everyone: they may call time. Video
 * is not split.
 */
export function sendsAudioTo(
  clock: Pick<TClockState, 'phase'>,
  debaters: TSeats,
  fromId: string,
  toId: string,
): boolean {
  if (!isPrepHuddle(clock, debaters)) return true;
  const fromSide = debaters.find((d) => d.userId === fromId)?.side;
  if (fromSide === undefined) return true;
  return debaters.some((d) => d.userId === toId && d.side === fromSide);
}

/**
 * Who may hear `userId` now, as the call applies it to each connection: null, everyone; in a prep huddle, a debater's
 * own partners only (`sendsAudioTo` for every peer at once).
 */
export function audioAudienceOf(clock: Pick<TClockState, 'phase'>, debaters: TSeats, userId: string): string[] | null {
  if (!isPrepHuddle(clock, debaters)) return null;
  const side = debaters.find((d) => d.userId === userId)?.side;
  if (side === undefined) return null;
  return membersOfSide(side, debaters).filter((id) => id !== userId);
}
