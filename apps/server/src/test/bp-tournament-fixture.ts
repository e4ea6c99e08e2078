/**
 * The steps the British Parliamentary tournament tests share, over `tournamentFixture`: teams of two entered and
 * confirmed, judges added to the pool, and a room's ranked ballot from its chair (the speeches time-shifted over).
 */
import { expect } from 'vitest';
import { BP_SIDES, type TBpSide, type TTournamentBpRoom } from '@resolved/shared';
import { buildUser } from './factories';
import type { TTestApp } from './harness';
import type { TFixtureTeam, tournamentFixture, TWho } from './tournament-fixture';

/** Each team's speakers' points by its place: the first's 80 and 79, the second's 77 and 76… */
export const POINTS_BY_RANK = { 1: 80, 2: 77, 3: 74, 4: 71 } as const;
export const BP_POSITIONS_OF: Record<TBpSide, [string, string]> = {
  og: ['pm', 'dpm'],
  oo: ['lo', 'dlo'],
  cg: ['mg', 'gw'],
  co: ['mo', 'ow'],
};

export type TBpRanks = Record<TBpSide, 1 | 2 | 3 | 4>;
export type TBpTeam = TFixtureTeam;

/** The ranked ballot a chair gives for `ranks`: every speaker's points following the places (`POINTS_BY_RANK`). */
export function bpBallotOf(ranks: TBpRanks) {
  const speakerPoints = Object.fromEntries(
    BP_SIDES.flatMap((side) => {
      const base = POINTS_BY_RANK[ranks[side]];
      return [
        [BP_POSITIONS_OF[side][0], base],
        [BP_POSITIONS_OF[side][1], base - 1],
      ];
    }),
  );
  return { ranks, speakerPoints };
}

export function bpTournamentFixture(app: () => TTestApp, f: ReturnType<typeof tournamentFixture>) {
  /** `count` teams of two new accounts, entered and confirmed. */
  const enterTeams = (id: number, count: number): Promise<TBpTeam[]> => f.enterTeams(id, count);

  /** `count` new accounts added to the tournament's judge pool by `host`. */
  async function addJudges(host: TWho, id: number, count: number): Promise<TWho[]> {
    const judges: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const judge = await buildUser(app());
      const added = await f.call(host, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
      judges.push(judge);
    }
    return judges;
  }

  /** The room's places for teams ordered by `rankOf` (lower first). */
  function ranksBy(room: TTournamentBpRoom, rankOf: (entrantId: number) => number): TBpRanks {
    const order = [...BP_SIDES].sort((a, b) => rankOf(room.teams[a]!.entrantId) - rankOf(room.teams[b]!.entrantId));
    return Object.fromEntries(order.map((side, i) => [side, i + 1])) as TBpRanks;
  }

  /** The room's chair (one of `judges`) gives its ballot: the teams placed `ranks` (201 expected). */
  async function judgeRoom(judges: readonly TWho[], room: TTournamentBpRoom, ranks: TBpRanks) {
    const { db } = app().database;
    await db.updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', room.debateId!).execute();
    await db.deleteFrom('activeDebaters').where('debateId', '=', room.debateId!).execute();
    const chair = judges.find((j) => j.user.id === room.panel[0]!.userId)!;
    const decided = await f.call(chair, 'POST', `/api/debates/${room.debateId}/ballots`, {
      ...bpBallotOf(ranks),
      reason: 'Closing Government extended the debate furthest.',
    });
    expect(decided.statusCode, decided.body).toBe(201);
  }

  return { enterTeams, addJudges, ranksBy, judgeRoom };
}
