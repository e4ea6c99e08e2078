/**
 * Team matchmaking as a pure function, beside `pairQueue`: ready teams (partners who queued together), solo debaters
 * who asked "find me a partner", and one-on-one practice debaters, each in their own lane of a format. Solo debaters
 * are made into teams first, then teams are matched into rounds of N sides (2, or British Parliamentary's 4). Every
 * pair of people in a round may meet: no block between any two (partners included) and "who a minor meets" over every
 * pair, with the teammates exception (`ageBandsMayMeet`). The server runs it as it runs `pairQueue`: inside a
 * transaction that holds the format's matching lock.
 */
import type { TFormatId } from '../formats.js';
import { FORMATS, isFourTeamFormat, teamSizeOf } from '../formats.js';
import { ageBandsMayMeet, type TIsBlockedPair, type TMeetingProfile, type TRandom } from './matchmaking.js';

/**
 * How a debater queues. `team`: with their partner(s), as a ready team. `solo`: "find me a partner" (in a format of
 * one debater a side, the ordinary queue). `one-on-one`: the named practice mode of a team format, "one-on-one: you
 * give every speech of your side", never mixed with team rounds.
 */
export const QUEUE_MODES = ['team', 'solo', 'one-on-one'] as const;
export type TQueueMode = (typeof QUEUE_MODES)[number];

export interface TTeamQueueEntry<F extends string = TFormatId> {
  id: number;
  formatId: F;
  mode: TQueueMode;
  /**
   * Who the entry seats: one person for `solo` and `one-on-one`; the team's members for `team`, in the order they
   * take the side's positions (the one who queued first, then the partners).
   */
  userIds: readonly string[];
  /** ISO timestamp; ties are broken by id. */
  createdAt: string;
  /**
   * A choice that splits a format's queue into lanes that never meet: British Parliamentary's speech length (`7`,
   * `5`). Absent: the format's one lane.
   */
  lane?: string;
}

/** What matching reads of a format: debaters per team and sides per round. */
export interface TRoundShape {
  teamSize: number;
  sides: number;
  /** Whether the format may be practised one-on-one (a team format); a format of one debater a side has no such mode. */
  canPractiseOneOnOne: boolean;
}

/** The shape of a playable format's rounds: its team size, two sides (British Parliamentary's room: four teams). */
export function roundShapeOf(formatId: TFormatId): TRoundShape {
  const format = FORMATS[formatId];
  const sides = isFourTeamFormat(formatId) ? 4 : 2;
  return { teamSize: teamSizeOf(formatId), sides, canPractiseOneOnOne: format.canPractiseOneOnOne };
}

/** One side of a matched round. */
export interface TMatchedTeam<T> {
  /** The queue entries the team came from: one for a ready team, one per member for a team the queue formed. */
  entries: T[];
  /** The members in position order: members[i] takes the side's i-th position. */
  userIds: string[];
  /** Formed by the queue from solo debaters ("find me a partner"). */
  isFormed: boolean;
}

export interface TQueueRound<T, F extends string = TFormatId> {
  formatId: F;
  /** `team` rounds seat full teams; `one-on-one` rounds one debater a side who gives every speech of it. */
  mode: 'team' | 'one-on-one';
  /** In side order (the first speaks first: Pro, Government, Opening Government), drawn at random. */
  sides: TMatchedTeam<T>[];
}

export interface TTeamMatchOptions<F extends string> {
  random: TRandom;
  isBlocked?: TIsBlockedPair;
  /** As `pairQueue`: without profiles ages are not read; a user missing from given profiles meets nobody. */
  profiles?: ReadonlyMap<string, TMeetingProfile>;
  /** The shape of a format's rounds (`roundShapeOf` for the playable formats). */
  shapeOf: (formatId: F) => TRoundShape;
}

/** A team waiting for opponents within one sweep. `since` is its earliest member's queue time. */
interface TCandidate<T> {
  team: TMatchedTeam<T>;
  since: T;
}

/** One lane of one format: its partial teams of solo debaters and its complete teams waiting for a round. */
interface TLane<T> {
  teamSize: number;
  partial: TMatchedTeam<T>[];
  waiting: TCandidate<T>[];
}

function byArrival(a: TTeamQueueEntry<string>, b: TTeamQueueEntry<string>): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;
}

/** Fisher–Yates with the injected random: the side order of a round. */
function shuffled<V>(items: readonly V[], random: TRandom): V[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Match one sweep of the queue, in arrival order, in one pass:
 * - An entry any of whose people an earlier entry of this sweep already holds (in any format or lane) is left
 *   waiting: one person, one round. So is a ready team of the wrong size or of two who may not meet, and a one-on-one
 *   entry in a format without that mode.
 * - A solo debater joins the earliest partial team of their format every member of which they may meet (not blocked,
 *   ages may meet); else starts one. A partial team that reaches the team size is complete.
 * - When a team is complete (ready on arrival, or formed), it takes the earliest waiting teams of its lane (by their
 *   earliest member's time) every person of which may meet every person already chosen, until the round has its
 *   sides; else it waits. With two sides this is `pairQueue`'s rule: no two teams left waiting could have met.
 * - A formed team that is not matched into a round is not kept: its members are returned as waiting solo entries and
 *   the next sweep forms teams afresh (docs/decisions.md).
 * Sides are shuffled with `random`; positions within a team are deterministic (`TMatchedTeam.userIds`).
 * Cost per sweep: each complete team scans the teams waiting in its lane, each solo the partial teams of its lane,
 * as `pairQueue` scans its waiting list.
 */
export function matchTeamQueue<T extends TTeamQueueEntry<F>, F extends string = TFormatId>(
  entries: readonly T[],
  options: TTeamMatchOptions<F>,
): { rounds: TQueueRound<T, F>[]; unmatched: T[] } {
  const { random, isBlocked, profiles, shapeOf } = options;
  const nobody: TMeetingProfile = { band: null, teamIds: [] };
  const mayMeet = (a: string, b: string): boolean =>
    a !== b &&
    !(isBlocked?.(a, b) ?? false) &&
    (!profiles || ageBandsMayMeet(profiles.get(a) ?? nobody, profiles.get(b) ?? nobody));
  const allMeet = (people: readonly string[], others: readonly string[]): boolean =>
    others.every((b) => people.every((a) => mayMeet(a, b)));

  const rounds: TQueueRound<T, F>[] = [];
  const unmatched: T[] = [];
  const claimed = new Set<string>();
  const lanes = new Map<string, TLane<T>>();
  const shapes = new Map<F, TRoundShape>();
  const shapeFor = (formatId: F): TRoundShape => {
    let shape = shapes.get(formatId);
    if (!shape) shapes.set(formatId, (shape = shapeOf(formatId)));
    return shape;
  };

  const complete = (entry: T, team: TMatchedTeam<T>, since: T, lane: TLane<T>, shape: TRoundShape) => {
    const chosen: TCandidate<T>[] = [{ team, since }];
    const people = [...team.userIds];
    const picked: number[] = [];
    for (let i = 0; i < lane.waiting.length && chosen.length < shape.sides; i++) {
      const other = lane.waiting[i]!.team;
      if (!allMeet(people, other.userIds)) continue;
      chosen.push(lane.waiting[i]!);
      people.push(...other.userIds);
      picked.push(i);
    }
    if (chosen.length < shape.sides) {
      // Waits in order of its earliest member (a formed team may be older than teams that arrived since).
      let at = lane.waiting.length;
      while (at > 0 && byArrival(lane.waiting[at - 1]!.since, since) > 0) at--;
      lane.waiting.splice(at, 0, { team, since });
      return;
    }
    for (let k = picked.length - 1; k >= 0; k--) lane.waiting.splice(picked[k]!, 1);
    rounds.push({
      formatId: entry.formatId,
      mode: entry.mode === 'one-on-one' ? 'one-on-one' : 'team',
      // Earliest first, then shuffled: the same random gives the same sides whichever team arrived last.
      sides: shuffled(
        chosen.sort((x, y) => byArrival(x.since, y.since)).map((c) => c.team),
        random,
      ),
    });
  };

  for (const entry of [...entries].sort(byArrival)) {
    const shape = shapeFor(entry.formatId);
    const isOneOnOne = entry.mode === 'one-on-one';
    const teamSize = isOneOnOne ? 1 : shape.teamSize;
    const size = entry.mode === 'team' ? teamSize : 1;
    const people = entry.userIds;
    const isValid =
      people.length === size &&
      new Set(people).size === size &&
      people.every((userId) => !claimed.has(userId)) &&
      (!isOneOnOne || shape.canPractiseOneOnOne) &&
      people.every((a, i) => people.slice(i + 1).every((b) => mayMeet(a, b)));
    if (!isValid) {
      unmatched.push(entry);
      continue;
    }
    for (const userId of people) claimed.add(userId);
    const laneKey = `${entry.formatId}\u0000${isOneOnOne ? 'one-on-one' : 'team'}\u0000${entry.lane ?? ''}`;
    let lane = lanes.get(laneKey);
    if (!lane) lanes.set(laneKey, (lane = { teamSize, partial: [], waiting: [] }));

    if (entry.mode === 'team' || teamSize === 1) {
      complete(entry, { entries: [entry], userIds: [...people], isFormed: false }, entry, lane, shape);
      continue;
    }
    // "Find me a partner": the earliest partial team whose every member this debater may meet.
    const userId = people[0]!;
    const partial = lane.partial.find((team) => team.userIds.every((member) => mayMeet(member, userId)));
    if (!partial) {
      lane.partial.push({ entries: [entry], userIds: [userId], isFormed: true });
      continue;
    }
    partial.entries.push(entry);
    partial.userIds.push(userId);
    if (partial.userIds.length === teamSize) {
      lane.partial.splice(lane.partial.indexOf(partial), 1);
      complete(entry, partial, partial.entries[0]!, lane, shape);
    }
  }
  for (const lane of lanes.values()) {
    for (const team of lane.partial) unmatched.push(...team.entries);
    for (const { team } of lane.waiting) unmatched.push(...team.entries);
  }
  return { rounds, unmatched: unmatched.sort(byArrival) };
}
