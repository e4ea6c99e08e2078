/**
 * A division's elimination bracket, kept with `brackets-manager` (its single-elimination model: seeding 1 v N in
 * `inner_outer` order, byes for the top seeds of a partial break, winners advanced in bracket order). The stage lives
 * in the manager's in-memory database, which is serialized to one `tournamentBrackets` row and read back for each
 * change, always under the tournament's lock (see docs/decisions.md). Participants are named by entrant id; names
 * are put in only when the bracket is presented, so a renamed debater shows their current name.
 */
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { Status, type Database, type Match } from 'brackets-model';
import { bracketSizeFor, type TTournamentBracketView } from '@resolved/shared';

/** The one stage of a stored bracket (each bracket is its own database). */
const STAGE_ID = 0;

function managerOf(data: Database | null): { manager: BracketsManager; storage: InMemoryDatabase } {
  const storage = new InMemoryDatabase();
  if (data) storage.setData(data);
  return { manager: new BracketsManager(storage), storage };
}

async function dataOf(manager: BracketsManager): Promise<Database> {
  return manager.get.stageData(STAGE_ID);
}

/**
 * A new bracket for the break `seededEntrantIds` (seed 1 first, at least 2): the next power of two, the empty seeds
 * byes. Returns the stored form.
 */
export async function seedStoredBracket(divisionName: string, seededEntrantIds: readonly number[]): Promise<string> {
  const size = bracketSizeFor(seededEntrantIds.length);
  const seeding = Array.from({ length: size }, (_, i) =>
    i < seededEntrantIds.length ? String(seededEntrantIds[i]) : null,
  );
  const { manager } = managerOf(null);
  await manager.create.stage({
    tournamentId: 0,
    name: divisionName,
    type: 'single_elimination',
    seeding,
    settings: { seedOrdering: ['inner_outer'], balanceByes: false },
  });
  return JSON.stringify(await dataOf(manager));
}

const parse = (stored: string) => JSON.parse(stored) as Database;

function entrantOfParticipant(data: Database, participantId: number | string | null | undefined): number | null {
  if (participantId === null || participantId === undefined) return null;
  const participant = data.participant.find((p) => p.id === participantId);
  return participant ? Number(participant.name) : null;
}

/** The matches of bracket round `round` (1 first), top to bottom. */
function matchesOf(data: Database, round: number): Match[] {
  const roundRow = data.round.find((r) => r.number === round);
  if (!roundRow) return [];
  return data.match.filter((m) => m.round_id === roundRow.id).sort((a, b) => a.number - b.number);
}

export interface TBracketRoundDraw {
  /** Ready matches: both entrants known, in bracket order. */
  debates: { a: number; b: number }[];
  /** Entrants through to the next round without debating (a top seed's bye, in round 1 only). */
  byes: number[];
}

/** What bracket round `round` has to debate: its ready matches, and its byes. */
export function bracketRoundDraw(stored: string, round: number): TBracketRoundDraw {
  const data = parse(stored);
  const debates: TBracketRoundDraw['debates'] = [];
  const byes: number[] = [];
  for (const match of matchesOf(data, round)) {
    const a = entrantOfParticipant(data, match.opponent1?.id);
    const b = entrantOfParticipant(data, match.opponent2?.id);
    if (a !== null && b !== null && match.status === Status.Ready) debates.push({ a, b });
    else if (round === 1 && (match.opponent1 === null || match.opponent2 === null) && (a ?? b) !== null) {
      byes.push((a ?? b)!);
    }
  }
  return { debates, byes };
}

/** The winner of the final, or null while it is undecided. */
export function storedChampion(stored: string): number | null {
  const data = parse(stored);
  const final = matchesOf(data, data.round.length)[0];
  if (!final || final.status < Status.Completed) return null;
  if (final.opponent1?.result === 'win') return entrantOfParticipant(data, final.opponent1.id);
  if (final.opponent2?.result === 'win') return entrantOfParticipant(data, final.opponent2.id);
  return null;
}

/** A match's result: its two entrants and the winner; a walkover is the other's forfeit. */
export interface TBracketResult {
  a: number;
  b: number;
  winner: number;
  isWalkover?: boolean;
}

/**
 * The bracket after these results, the winners advanced (a walkover recorded as the loser's forfeit). A result
 * for a match already decided the same way is skipped; one that does not fit the bracket is an error (a bug, not
 * bad input: the pairings were drawn from this bracket).
 */
export async function recordStoredResults(
  stored: string,
  results: readonly TBracketResult[],
): Promise<{ stored: string; champion: number | null; changed: boolean }> {
  const data = parse(stored);
  const { manager } = managerOf(data);
  const participantOf = new Map(data.participant.map((p) => [Number(p.name), p.id]));
  let changed = false;
  for (const result of results) {
    const current = await dataOf(manager);
    const a = participantOf.get(result.a);
    const b = participantOf.get(result.b);
    const match = current.match.find(
      (m) => (m.opponent1?.id === a && m.opponent2?.id === b) || (m.opponent1?.id === b && m.opponent2?.id === a),
    );
    if (!match) throw new Error('A bracket result names two entrants who do not meet in the bracket.');
    if (match.status >= Status.Completed) continue;
    const winner = participantOf.get(result.winner);
    const isFirstWinner = match.opponent1?.id === winner;
    await manager.update.match(
      result.isWalkover
        ? { id: match.id, ...(isFirstWinner ? { opponent2: { forfeit: true } } : { opponent1: { forfeit: true } }) }
        : {
            id: match.id,
            opponent1: { result: isFirstWinner ? 'win' : 'loss' },
            opponent2: { result: isFirstWinner ? 'loss' : 'win' },
          },
    );
    changed = true;
  }
  const next = JSON.stringify(await dataOf(manager));
  return { stored: next, champion: storedChampion(next), changed };
}

/**
 * The bracket replayed from its seeding with exactly these results (in round order: a round's winners meet in the
 * next), rather than added to what it holds: a result recorded twice counts once, and a corrected result moves its
 * winner (and the champion). The participants were created in seed order (seed 1 first), which gives the seeding
 * back. `changed`: the stored form differs from `stored`.
 */
export async function replayStoredBracket(
  stored: string,
  results: readonly TBracketResult[],
): Promise<{ stored: string; champion: number | null; changed: boolean }> {
  const data = parse(stored);
  const seeded = [...data.participant].sort((x, y) => Number(x.id) - Number(y.id)).map((p) => Number(p.name));
  const fresh = await seedStoredBracket(String(data.stage[0]?.name ?? ''), seeded);
  const next = await recordStoredResults(fresh, results);
  return { stored: next.stored, champion: next.champion, changed: next.stored !== stored };
}

/**
 * The bracket as `brackets-viewer` draws it: the manager's own tables, each participant named with the entrant's
 * display name (and carrying their entrant id).
 */
export function bracketView(
  stored: string,
  entrantOf: (entrantId: number) => { displayName: string; memberNames: string[] },
): TTournamentBracketView {
  const data = parse(stored);
  return {
    stage: data.stage,
    group: data.group,
    round: data.round,
    match: data.match,
    matchGame: data.match_game,
    participant: data.participant.map((p) => ({
      id: p.id,
      tournament_id: p.tournament_id,
      name: entrantOf(Number(p.name)).displayName,
      entrantId: Number(p.name),
      memberNames: entrantOf(Number(p.name)).memberNames,
    })),
  };
}
