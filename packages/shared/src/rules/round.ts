/**
 * A round's seats as the rules read them, and who may act in a round: write in its chat, keep a flow, offer points,
 * share a meeting link, forfeit. The judge's seat and the ballot are in `judge.ts`, recordings, evidence and replays
 * in their own files.
 */
import type { TRefusal } from '../errors.js';
import type { TDebateStatus, TRoundKind } from '../debate/protocol.js';
import { isDebaterOf, liveDebaterRefusal, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';

/** The parts of a round the rules read (a server row and a client `TDebate` both give them). */
export interface TRoundSeats {
  status: TDebateStatus;
  debaterAId: string;
  debaterBId: string;
  /**
   * Every debater of the round (`TRoundSeating`'s debaters, side A's first), read from its seats: a side of two or
   * three has more than `debaterAId`/`debaterBId`, its first seats. Absent: those two are all.
   */
  debaterIds?: readonly string[] | undefined;
  judgeId: string | null;
  /**
   * A panel's judges in seat order (the first, the chair, is also `judgeId`): every door that admits the judge — the
   * round chat, flows, evidence, the call — admits each of them. Absent or empty: one judge.
   */
  panelJudgeIds?: readonly string[] | undefined;
  /** A debater's judge invitation is out: the seat is kept for its holder. */
  hasJudgeInvite: boolean;
  /** A team round: only these (the team's coaches and named judges) may take its seat. */
  teamJudgeIds?: readonly string[] | undefined;
  /** A tournament's round: its hosts seat the judge (from the pool); nobody takes or offers the seat themselves. */
  isTournamentRound?: boolean | undefined;
  /**
   * A debater is under 18 (or has not given their age): the seat is kept for a minor, a coach of either debater's
   * team (`minorRoundCoachIds`), a moderator or admin, or a verified judge. Absent: no minor.
   */
  hasMinor?: boolean | undefined;
  minorRoundCoachIds?: readonly string[] | undefined;
}

/** Why an action on a round is refused: the HTTP class, the reason a client branches on, and the words. */
export type TRoundRefusal = TRefusal;

/**
 * The round's seats as these rules read them, from a client's `TDebate`. A team round is judged by its team's judges
 * (none left when the team was deleted), whatever `team` holds.
 */
export function seatsOfDebate(debate: {
  kind: TRoundKind;
  status: TDebateStatus;
  debaters: Record<'a' | 'b', { userId: string }>;
  /** Every debater's seat (absent from a snapshot older than seats: its two first seats are all). */
  seats?: readonly { userId: string }[] | undefined;
  judge: { userId: string } | null;
  hasJudgeInvite: boolean;
  team: { judgeIds: string[] } | null;
  minors?: { hasMinor: boolean; coachIds: string[] } | undefined;
  panel?: { judges: { userId: string }[] } | null | undefined;
}): TRoundSeats {
  return {
    status: debate.status,
    debaterAId: debate.debaters.a.userId,
    debaterBId: debate.debaters.b.userId,
    debaterIds: debate.seats?.map((seat) => seat.userId),
    judgeId: debate.judge?.userId ?? null,
    panelJudgeIds: debate.panel?.judges.map((j) => j.userId),
    hasJudgeInvite: debate.hasJudgeInvite,
    teamJudgeIds: debate.kind === 'team' ? (debate.team?.judgeIds ?? []) : undefined,
    isTournamentRound: debate.kind === 'tournament',
    hasMinor: debate.minors?.hasMinor,
    minorRoundCoachIds: debate.minors?.coachIds,
  };
}

/** Every debater of the round (see `debaterIds`): a rule that reads a debater's seat reads all of these. */
export function debatersOf(round: Pick<TRoundSeats, 'debaterAId' | 'debaterBId' | 'debaterIds'>): string[] {
  return round.debaterIds && round.debaterIds.length > 0 ? [...round.debaterIds] : [round.debaterAId, round.debaterBId];
}

/**
 * `userId`'s seat in the round (side and speaker position), or null when they debate in no seat of it: what the clock's
 * and the points of information's rules read.
 */
export function debaterSeatOf<T extends { userId: string }>(debate: { seats: readonly T[] }, userId: string): T | null {
  return debate.seats.find((seat) => seat.userId === userId) ?? null;
}

/** Whether `userId` judges the round: its one judge, or any judge of its panel. */
export function isJudgeOf(userId: string, round: Pick<TRoundSeats, 'judgeId' | 'panelJudgeIds'>): boolean {
  return round.judgeId === userId || (round.panelJudgeIds ?? []).includes(userId);
}

/** The round's judges: its one judge, or every judge of its panel (seat order). */
export function judgesOf(round: Pick<TRoundSeats, 'judgeId' | 'panelJudgeIds'>): string[] {
  const ids = round.judgeId === null ? [] : [round.judgeId];
  for (const id of round.panelJudgeIds ?? []) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** The in-round chat: its debaters and its judges write; everyone signed in reads. */
export function canPostInRound(actor: TActor, round: TRoundSeats): boolean {
  return !!actor && (isDebaterOf(actor.id, round) || isJudgeOf(actor.id, round));
}

/** Writing in the in-round chat (see `canPostInRound`); the ban refusal of every chat, `chatPostRefusal`, comes after. */
export function roundChatRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  return canPostInRound(actor, round) ? null : refusalOf('not_in_round', 'round_chat');
}

/**
 * The round chat is open while the round is (live, or awaiting its ballot, when the judge may still ask or explain);
 * once it is over it is read-only: nobody writes into a finished, forfeited or abandoned round (one a block ended).
 */
export function roundChatClosedRefusal(status: TDebateStatus): TRefusal | null {
  return status === 'live' || status === 'awaiting_ballot' ? null : refusalOf('round_chat_closed');
}

/** A private flow sheet of the round: its debaters and judge keep one each. */
export function flowRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  return canPostInRound(actor, round) ? null : refusalOf('not_in_round', 'flow');
}

/** Offering a point of information (or of order): the debaters of a live round (the clock's own rule comes after). */
export function poiOfferRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (round.status !== 'live') return refusalOf('round_over');
  if (actor && isDebaterOf(actor.id, round)) return null;
  return refusalOf('not_in_round', 'poi');
}

/** The meeting link a round may use instead of the built-in call: its debaters set it (or clear it). */
export function meetingLinkRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return refusalOf('not_in_round', 'meeting_link');
}

/**
 * Reading a meeting link the snapshot keeps back (a round spectators may not watch): its debaters and its judge
 * only.
 */
export function meetingLinkReadRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && (isDebaterOf(actor.id, round) || isJudgeOf(actor.id, round))) return null;
  return refusalOf('spectators_not_watching');
}

/** Forfeiting (resigning) a live round with the room's Forfeit button: a debater of it, never a strike. */
export function resignRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  return liveDebaterRefusal(actor, round, 'resign');
}
