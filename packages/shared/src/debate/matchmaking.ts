/**
 * Matchmaking as a pure function: pair queue entries per format, first come first served, never a
 * user with themselves, and draw sides at random. The server runs it inside a transaction that holds
 * the format's matching lock, so the pairs it returns are safe to turn into debates.
 */
import type { TFormatId } from '../formats.js';
import type { TAgeBand } from '../age.js';

export interface TQueueEntry {
  id: number;
  userId: string;
  formatId: TFormatId;
  /** ISO timestamp; ties are broken by id. */
  createdAt: string;
}

export interface TPairing<T extends TQueueEntry = TQueueEntry> {
  formatId: TFormatId;
  /** Speaks first: Affirmative, Pro, Government. */
  sideA: T;
  sideB: T;
}

/** A random number in [0, 1). Injected so that tests are deterministic. */
export type TRandom = () => number;

/** Whether two users may not meet (one blocked the other, either way). */
export type TIsBlockedPair = (userA: string, userB: string) => boolean;

/** Nobody is blocked. */
const NO_BLOCKS: TIsBlockedPair = () => false;

/**
 * A block graph as `pairQueue` reads it: true for a pair either of whom blocked the other. Built once per sweep from
 * the blocks among the users waiting, so each check is a set lookup.
 */
export function blockGraph(blocks: Iterable<{ blockerId: string; blockedId: string }>): TIsBlockedPair {
  const keys = new Set<string>();
  for (const { blockerId, blockedId } of blocks) keys.add(`${blockerId}\u0000${blockedId}`);
  if (keys.size === 0) return NO_BLOCKS;
  return (a, b) => keys.has(`${a}\u0000${b}`) || keys.has(`${b}\u0000${a}`);
}

/**
 * What "who a minor meets" reads of a person: their age band (null while they have not given a month of
 * birth) and the teams they belong to (any role).
 */
export interface TMeetingProfile {
  band: TAgeBand | null;
  teamIds: readonly number[];
}

/** Whether two people share a team (a coach's pairing, a teammate's challenge: the team vouches for the meeting). */
export function shareTeam(a: TMeetingProfile, b: TMeetingProfile): boolean {
  return a.teamIds.some((id) => b.teamIds.includes(id));
}

/**
 * Whether two people may be put in one round by chance or by link: minors (13–17) only with minors, adults only with
 * adults, unless both are on the same team. An under-13 account, or one with no band yet, meets only its teammates.
 */
export function ageBandsMayMeet(a: TMeetingProfile, b: TMeetingProfile): boolean {
  if (shareTeam(a, b)) return true;
  if (a.band === null || b.band === null || a.band === 'child' || b.band === 'child') return false;
  return a.band === b.band;
}

/** Order by queue time, then id (FIFO). */
function byArrival(a: TQueueEntry, b: TQueueEntry): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;
}

/** Heads or tails: which of two entries takes side A. */
export function drawSides<T>(first: T, second: T, random: TRandom): { sideA: T; sideB: T } {
  return random() < 0.5 ? { sideA: first, sideB: second } : { sideA: second, sideB: first };
}

/**
 * Pair entries per format in arrival order. Each entry is paired with the earliest entry still waiting of another
 * user it may meet (`isBlocked` false, and their age bands may meet: `ageBandsMayMeet` over `profiles`); a user's
 * duplicate entries are never paired together (or twice). A pair kept apart is skipped rather than stopping the line,
 * so a block or an age band only ever keeps its own two apart: when this returns, no two users left waiting in a
 * format could have been paired (each later one looked at every earlier one still waiting), and everyone else is
 * paired as without them. Without `profiles` ages are not read (a caller that has none to give); a user missing from
 * given `profiles` has no band and no team, so meets nobody.
 */
export function pairQueue<T extends TQueueEntry>(
  entries: readonly T[],
  random: TRandom,
  isBlocked: TIsBlockedPair = NO_BLOCKS,
  profiles?: ReadonlyMap<string, TMeetingProfile>,
): { pairs: TPairing<T>[]; unmatched: T[] } {
  const nobody: TMeetingProfile = { band: null, teamIds: [] };
  const mayMeet = (a: string, b: string) =>
    !isBlocked(a, b) && (!profiles || ageBandsMayMeet(profiles.get(a) ?? nobody, profiles.get(b) ?? nobody));
  const pairs: TPairing<T>[] = [];
  const unmatched: T[] = [];
  const byFormat = new Map<TFormatId, T[]>();
  for (const entry of [...entries].sort(byArrival)) {
    const list = byFormat.get(entry.formatId) ?? [];
    list.push(entry);
    byFormat.set(entry.formatId, list);
  }
  // Across formats too: one user, one debate.
  const matchedUsers = new Set<string>();
  for (const [formatId, list] of byFormat) {
    const waiting: T[] = [];
    for (const entry of list) {
      if (matchedUsers.has(entry.userId)) {
        unmatched.push(entry);
        continue;
      }
      const partnerIndex = waiting.findIndex((w) => w.userId !== entry.userId && mayMeet(w.userId, entry.userId));
      if (partnerIndex === -1) {
        waiting.push(entry);
        continue;
      }
      const [partner] = waiting.splice(partnerIndex, 1) as [T];
      // The user's own earlier duplicate entries stay unmatched.
      for (let i = waiting.length - 1; i >= 0; i--) {
        if (waiting[i]!.userId === entry.userId || waiting[i]!.userId === partner.userId) {
          unmatched.push(...waiting.splice(i, 1));
        }
      }
      matchedUsers.add(entry.userId).add(partner.userId);
      pairs.push({ formatId, ...drawSides(partner, entry, random) });
    }
    unmatched.push(...waiting);
  }
  return { pairs, unmatched };
}

/**
 * "Pair everyone present" for a coach: `random` shuffles the members and pairs them in that order; `balanced` pairs
 * members of neighbouring ratings, so each round is between debaters of about the same strength. With an odd count
 * one member is left out to judge: at random, or (balanced) the highest rated, who is best placed to judge. Sides
 * are drawn for each pair. Two members one of whom blocked the other (`isBlocked`) are not paired when anyone else is
 * left to pair either with.
 */
export function pairPresent<T extends { userId: string; rating: number }>(
  members: readonly T[],
  sides: 'random' | 'balanced',
  random: TRandom,
  isBlocked: TIsBlockedPair = NO_BLOCKS,
): { pairs: { sideA: T; sideB: T }[]; oddOut: T | null } {
  const order = [...members];
  if (sides === 'random') {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  } else {
    order.sort((a, b) => b.rating - a.rating || (a.userId < b.userId ? -1 : 1));
  }
  const oddOut = order.length % 2 === 1 ? (sides === 'balanced' ? order.shift()! : order.pop()!) : null;
  const pairs: { sideA: T; sideB: T }[] = [];
  // In that order, each with the next one they may meet (without blocks: neighbours, as before). Someone who may meet
  // none of those left is paired with the next anyway, and the coach is told of the block (the server refuses it).
  const rest = order;
  while (rest.length >= 2) {
    const first = rest.shift()!;
    const next = rest.findIndex((m) => !isBlocked(first.userId, m.userId));
    const [partner] = rest.splice(Math.max(next, 0), 1) as [T];
    pairs.push(drawSides(first, partner, random));
  }
  return { pairs, oddOut };
}
