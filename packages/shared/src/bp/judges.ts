/**
 * Panels for a British Parliamentary round (issue 41, item 4): a chair and two wings a room, from the tournament's
 * judge pool, at least total cost. The costs and the hard rules are the two-team allocator's (`tournaments/judges.ts`:
 * never a judge of a team's own club, a declared conflict, themselves, or a minor's room the safety rules keep them
 * from; a repeat and a judge's load cost more), read over a room of four teams. The chair's seat of every room is
 * filled before any wing's, and only from the judges the host lets chair (`chairIds`; everyone when none are named).
 * A room with no chair-eligible judge left gets none in its chair's seat and is listed in `unjudged`.
 */
import { linearSumAssignment } from 'linear-sum-assignment';
import { FORBIDDEN_JUDGE_COST, judgeCostMatrix, type TJudgeCandidate, type TJudgeRoom } from '../tournaments/judges.js';

/** A BP room's judges: its chair (null when none could sit) and its wings. */
export interface TBpRoomPanel {
  roomKey: string;
  chairId: string | null;
  wingIds: string[];
}

export interface TBpPanelAssignment {
  panels: TBpRoomPanel[];
  /** Rooms without a chair or with fewer wings than asked, in the order of `rooms`. */
  unjudged: string[];
  /** Judges left without a seat. */
  standbys: string[];
}

/** Added per wing's seat, so that every room has its chair before any room has a wing, and its first wing before … */
const SEAT_ORDER_COST = 100_000;

/**
 * Seats a chair and `wings` wings (two by default: panels of three) in every room. A judge sits in one room at most,
 * never where forbidden.
 */
export function assignBpPanels(
  rooms: readonly TJudgeRoom[],
  judges: readonly TJudgeCandidate[],
  options: { wings?: number; chairIds?: ReadonlySet<string> } = {},
): TBpPanelAssignment {
  const wings = options.wings ?? 2;
  const panels: TBpRoomPanel[] = rooms.map((room) => ({ roomKey: room.key, chairId: null, wingIds: [] }));
  if (rooms.length > 0 && judges.length > 0) {
    const base = judgeCostMatrix(rooms, judges);
    const mayChair = judges.map((judge) => !options.chairIds || options.chairIds.has(judge.id));
    const seats: { room: number; seat: number; costs: number[] }[] = [];
    for (let seat = 0; seat <= wings; seat++) {
      base.forEach((row, room) => {
        const costs = row.map((c, j) => {
          if (c >= FORBIDDEN_JUDGE_COST || (seat === 0 && !mayChair[j])) return FORBIDDEN_JUDGE_COST;
          return c + seat * SEAT_ORDER_COST;
        });
        seats.push({ room, seat, costs });
      });
    }
    const { rowAssignments } = linearSumAssignment(
      seats.map((s) => s.costs),
      { maximaze: false },
    );
    seats.forEach(({ room, seat, costs }, i) => {
      const judge = rowAssignments[i]!;
      if (judge < 0 || costs[judge]! >= FORBIDDEN_JUDGE_COST) return;
      const id = judges[judge]!.id;
      if (seat === 0) panels[room]!.chairId = id;
      else panels[room]!.wingIds.push(id);
    });
  }
  const seated = new Set(panels.flatMap((p) => (p.chairId ? [p.chairId, ...p.wingIds] : p.wingIds)));
  return {
    panels,
    unjudged: panels.filter((p) => p.chairId === null || p.wingIds.length < wings).map((p) => p.roomKey),
    standbys: judges.filter((judge) => !seated.has(judge.id)).map((judge) => judge.id),
  };
}
