/**
 * The queue's plan for one sweep of a format, from its rows (issue 40): in a format of one debater a side the pairs
 * `pairQueue` makes; in a team format the rounds `matchTeamQueue` makes from ready teams (every member's row names
 * the others), "find me a partner" rows and one-on-one rows, each round with its seats; in British Parliamentary
 * (issue 41) rooms of four such teams, their places drawn at random. A pure planner: the sweep
 * (`runMatching`) writes what it returns.
 */
import {
  drawBpSeats,
  FORMATS,
  isBpSpeechMinutes,
  isFourTeamFormat,
  matchTeamQueue,
  pairQueue,
  roundShapeOf,
  type TBpSpeechMinutes,
  type TDebaterSeatInput,
  type TFormatId,
  type TIsBlockedPair,
  type TMeetingProfile,
  type TQueueMode,
  type TRandom,
  type TTeamQueueEntry,
} from '@resolved/shared';
import { decodePartnerIds } from './matchmaking.repository';

/** A queue row as the sweep reads it. */
export interface TQueueRow {
  id: number;
  userId: string;
  formatId: TFormatId;
  createdAt: string;
  mode: TQueueMode;
  partnerIds: string | null;
  /** British Parliamentary: the speech length chosen (7 or 5; null: 7). */
  speechMinutes?: number | null;
}

/** A round to open: the queue rows it takes and its seats (each side's first seat first). */
export interface TPlannedRound {
  rowIds: number[];
  seats: TDebaterSeatInput[];
  /**
   * A British Parliamentary room (issue 41): its four teams and the seed `seats` were drawn from (`drawBpSeats`); the
   * sweep opens it through `openBpRoomIn` with both, which draws the same seats.
   */
  bp?: { teams: string[][]; seed: string; speechMinutes: TBpSpeechMinutes };
}

/** A BP queuer's speech length: the one chosen, seven when none was (a row from before the choice). */
const speechMinutesOf = (row: Pick<TQueueRow, 'speechMinutes'>): TBpSpeechMinutes =>
  isBpSpeechMinutes(Number(row.speechMinutes)) ? (Number(row.speechMinutes) as TBpSpeechMinutes) : 7;

const SIDE_KEYS = ['a', 'b'] as const;

/**
 * The rows of ready teams grouped, one entry a team, its members in the order they joined (the first takes the side's
 * first position); a team row whose partners have not all joined naming the same team is left out (it waits).
 */
export function teamEntriesOf(
  rows: readonly TQueueRow[],
  formatId: TFormatId,
): { entries: (TTeamQueueEntry & { rowIds: number[] })[]; pendingRowIds: number[] } {
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  // British Parliamentary's rooms are of one speech length: each length is a lane of its own.
  const laneOf = (row: TQueueRow) => (isFourTeamFormat(formatId) ? { lane: String(speechMinutesOf(row)) } : {});
  const entries: (TTeamQueueEntry & { rowIds: number[] })[] = [];
  const pendingRowIds: number[] = [];
  const grouped = new Set<string>();
  for (const row of rows) {
    if (row.mode !== 'team') {
      entries.push({
        id: row.id,
        formatId,
        mode: row.mode,
        userIds: [row.userId],
        createdAt: row.createdAt,
        rowIds: [row.id],
        ...laneOf(row),
      });
      continue;
    }
    if (grouped.has(row.userId)) continue;
    const team = [row.userId, ...decodePartnerIds(row.partnerIds)];
    const members = team.map((id) => byUser.get(id));
    const isReady = members.every(
      (member) =>
        member !== undefined &&
        member.mode === 'team' &&
        decodePartnerIds(member.partnerIds).length === team.length - 1 &&
        decodePartnerIds(member.partnerIds).every((id) => id !== member.userId && team.includes(id)) &&
        // Partners queue for one speech length: until both chose the same, the team waits.
        speechMinutesOf(member) === speechMinutesOf(row),
    );
    if (!isReady) {
      pendingRowIds.push(row.id);
      continue;
    }
    const ordered = (members as TQueueRow[]).sort((a, b) => a.id - b.id);
    for (const member of ordered) grouped.add(member.userId);
    entries.push({
      id: ordered[0]!.id,
      formatId,
      mode: 'team',
      userIds: ordered.map((m) => m.userId),
      // Ready when its last member joined.
      createdAt: ordered
        .map((m) => m.createdAt)
        .sort()
        .at(-1)!,
      rowIds: ordered.map((m) => m.id),
      ...laneOf(row),
    });
  }
  return { entries, pendingRowIds };
}

/**
 * A four-team room's queue as its waiting card counts it (issue 41): the ready teams, the "find me a partner" debaters
 * paired two by two as the next sweep would try, and the one left over. A team whose partner has not joined yet is
 * not counted. The count is the queue's, before the seat rules (blocks, ages) that may keep some apart.
 */
export function roomQueueCount(
  rows: readonly TQueueRow[],
  formatId: TFormatId,
): { teams: number; teamsNeeded: number; withoutPartner: number } {
  const { entries } = teamEntriesOf(rows, formatId);
  const ready = entries.filter((entry) => entry.mode === 'team').length;
  const solos = entries.filter((entry) => entry.mode === 'solo').length;
  const { teamSize, sides } = roundShapeOf(formatId);
  return { teams: ready + Math.floor(solos / teamSize), teamsNeeded: sides, withoutPartner: solos % teamSize };
}

/** One sweep's rounds of `formatId` from the rows free to be matched. */
export function planRounds(
  rows: readonly TQueueRow[],
  formatId: TFormatId,
  options: { random: TRandom; isBlocked: TIsBlockedPair; profiles: ReadonlyMap<string, TMeetingProfile> },
): TPlannedRound[] {
  if (FORMATS[formatId].teamSize === 1) {
    const { pairs } = pairQueue(rows, options.random, options.isBlocked, options.profiles);
    return pairs.map((pair) => ({
      rowIds: [pair.sideA.id, pair.sideB.id],
      seats: [
        { userId: pair.sideA.userId, side: 'a', position: null },
        { userId: pair.sideB.userId, side: 'b', position: null },
      ],
    }));
  }
  const { entries } = teamEntriesOf(rows, formatId);
  const { rounds } = matchTeamQueue(entries, { ...options, shapeOf: roundShapeOf });
  if (isFourTeamFormat(formatId)) {
    return rounds.map((round) => {
      const teams = round.sides.map((team) => [...team.userIds]);
      // Places and speaking orders drawn at random, from a seed the injected random gives (a test may fix it).
      const seed = `queue:${Math.floor(options.random() * 2 ** 48).toString(36)}`;
      // Every team of a room comes from one lane: one speech length.
      const speechMinutes = Number(round.sides[0]!.entries[0]!.lane ?? 7) as TBpSpeechMinutes;
      return {
        rowIds: round.sides.flatMap((team) => team.entries.flatMap((entry) => entry.rowIds)),
        seats: drawBpSeats(teams, seed),
        bp: { teams, seed, speechMinutes },
      };
    });
  }
  const sideList = FORMATS[formatId].sideList;
  return rounds.map((round) => ({
    rowIds: round.sides.flatMap((team) => team.entries.flatMap((entry) => entry.rowIds)),
    seats: round.sides.flatMap((team, s) =>
      team.userIds.map((userId, i) => ({
        userId,
        side: SIDE_KEYS[s]!,
        // One-on-one: one debater gives every speech of the side, in no one position.
        position: round.mode === 'one-on-one' ? null : sideList[s]!.positions[i]!.id,
      })),
    ),
  }));
}

/**
 * The team rows of `rows` that stand with a row that is going (its member left or lost their place): a team queues
 * as one, so they go too. Returns those rows.
 */
export function teamRowsOf(rows: readonly TQueueRow[], goingUserIds: ReadonlySet<string>): TQueueRow[] {
  const going = rows.filter((row) => goingUserIds.has(row.userId) && row.mode === 'team');
  return rows.filter(
    (row) =>
      row.mode === 'team' &&
      !goingUserIds.has(row.userId) &&
      going.some(
        (gone) =>
          decodePartnerIds(gone.partnerIds).includes(row.userId) &&
          decodePartnerIds(row.partnerIds).includes(gone.userId),
      ),
  );
}
