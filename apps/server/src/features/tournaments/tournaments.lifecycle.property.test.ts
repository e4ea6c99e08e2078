/**
 * The tournament's lifecycle as a property (fast-check, through the real HTTP server on SQLite, and on PostgreSQL when
 * `TEST_DATABASE_URL` is set, with fewer runs there to stay within a minute): random tournaments
 * (6–10 entrants, 1–3 preliminaries, no break or a break of 2 or 4, one judge or panels of three) are run to the end
 * by a host who re-pairs a random round and corrects a random result, while the sequencer is the only thing that
 * reconciles (every round's `debate.updated` is lost, so the ballot's handler never runs) and a crash is injected
 * once between two of its steps (a step hook that throws; the scheduler runs the job again). Every tournament must
 * finish, with a tab that matches its ballots and, with a break, the champion its final's result names.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TSessionUser,
  TTournament,
  TTournamentBrackets,
  TTournamentRound,
  TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { runSequencer, type TSequencer } from './tournament-sequencer';

type TWho = { user: TSessionUser; cookie: string };
type TPairing = TTournamentRound['pairings'][number];

/** Runs per engine: PostgreSQL's round trips cost more, so it checks fewer tournaments (< 60 s each). */
const RUNS = { sqlite: 15, postgres: 6 } as const;

describe.each(TEST_ENGINES)('a tournament’s lifecycle (property) on %s', (engine) => {
  let t: TTestApp;
  let restoreEmit: () => void;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // Only the sequencer reconciles: the ballot's own handler (the in-memory hint) never runs.
    const events = t.app.context.events;
    const emit = events.emit.bind(events);
    events.emit = (event: TDomainEvent) => {
      if (event.name !== 'debate.updated') emit(event);
    };
    restoreEmit = () => (events.emit = emit);
  });
  afterAll(async () => {
    restoreEmit();
    await t.close();
  });

  const call = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const scenario = fc.record({
    entrants: fc.integer({ min: 6, max: 10 }),
    prelimRounds: fc.integer({ min: 1, max: 3 }),
    breakSize: fc.constantFrom(0, 2, 4),
    judgesPerRoom: fc.constantFrom(1, 3),
    /** Which round is re-paired (by index into the tournament's rounds; beyond them: none). */
    repairAt: fc.integer({ min: 0, max: 5 }),
    /** Which round has a result corrected, right after its ballots. */
    correctAt: fc.integer({ min: 0, max: 5 }),
    /** The sequencer's n-th step throws once (a crash between two steps). */
    crashAtStep: fc.integer({ min: 1, max: 12 }),
    /** Each debate's winner: aff when the bit is set. */
    winners: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  });

  it('runs every tournament to its end, with a tab that matches its ballots and its champion', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const admin = await buildUser(t, { role: 'admin' });
        const created = await call(admin, 'POST', '/api/tournaments', {
          name: 'Property open',
          formatId: 'ld',
          prelimRounds: s.prelimRounds,
          breakSize: s.breakSize,
          scheduleMode: 'fixed',
          entryMode: 'open',
          prelimJudgesPerRoom: s.judgesPerRoom,
        });
        expect(created.statusCode, created.body).toBe(201);
        const id = (created.json().tournament as TTournament).id;
        for (let i = 0; i < s.entrants; i++) {
          const who = await buildUser(t);
          expect((await call(who, 'POST', `/api/tournaments/${id}/entrants`, {})).statusCode).toBe(201);
        }
        const judges = new Map<string, TWho>();
        const poolSize = s.judgesPerRoom === 3 ? 3 * Math.ceil(s.entrants / 2) : 0;
        for (let i = 0; i < poolSize; i++) {
          const judge = await buildUser(t);
          expect(
            (await call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id })).statusCode,
          ).toBe(201);
          judges.set(judge.user.id, judge);
        }
        const spare = await buildUser(t);

        let steps = 0;
        let hasCrashed = false;
        const seq: TSequencer = {
          deps: {
            database: t.app.context.database,
            events: t.app.context.events,
            timings: t.config.tournamentTimings,
          },
          scheduler: t.app.context.scheduler,
          log: t.app.log,
          onStep: () => {
            steps++;
            if (!hasCrashed && steps >= s.crashAtStep) {
              hasCrashed = true;
              throw new Error('crash');
            }
          },
        };
        // The scheduler's at-least-once delivery: a job that died runs again.
        const wake = async () => {
          try {
            await runSequencer(seq, id);
          } catch (error) {
            if (!(error instanceof Error) || error.message !== 'crash') throw error;
            await runSequencer(seq, id);
          }
        };

        /** The winner of record of each debate (entrant id), as the ballots and corrections say. */
        const winnerOf = new Map<number, number>();
        let w = 0;
        const decide = async (p: TPairing) => {
          const isAff = s.winners[w++ % s.winners.length]!;
          const debateId = p.debateId!;
          const voters = p.panel.length > 1 ? p.panel.map((j) => judges.get(j.userId!)!) : [spare];
          await t.database.db
            .updateTable('debates')
            .set({ status: 'awaiting_ballot', judgeId: voters[0]!.user.id, spokenMs: 60 * 60_000 })
            .where('id', '=', debateId)
            .execute();
          await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
          // A panel: two agree, the third (when asked before the decision) dissents.
          for (const [index, voter] of voters.entries()) {
            const side = index === 2 ? (isAff ? 'b' : 'a') : isAff ? 'a' : 'b';
            const response = await call(voter, 'POST', `/api/debates/${debateId}/ballots`, {
              winnerSide: side,
              speakerPoints: side === 'a' ? { a: 28.5, b: 27 } : { a: 27, b: 28.5 },
              reason: 'Weighed the framework.',
            });
            expect(response.statusCode, response.body).toBe(201);
          }
          winnerOf.set(debateId, isAff ? p.aff!.entrantId : p.neg!.entrantId);
        };

        const lastRound = s.prelimRounds + (s.breakSize === 0 ? 0 : Math.log2(s.breakSize));
        for (let number = 1; number <= lastRound; number++) {
          const released = await call(admin, 'POST', `/api/tournaments/${id}/rounds/${number}/release`);
          expect(released.statusCode, released.body).toBe(201);
          let round = released.json().round as TTournamentRound;
          if (s.repairAt === number - 1) {
            const repaired = await call(admin, 'POST', `/api/tournaments/${id}/rounds/${number}/repair`, {
              releasedAt: round.releasedAt,
              reason: 'Drawn again.',
            });
            expect(repaired.statusCode, repaired.body).toBe(201);
            round = repaired.json().round as TTournamentRound;
          }
          for (const p of round.pairings.filter((x) => x.debateId !== null)) await decide(p);
          await wake();
          if (s.correctAt === number - 1) {
            const p = round.pairings.find((x) => x.debateId !== null)!;
            const isAffNow = winnerOf.get(p.debateId!) === p.aff!.entrantId;
            const corrected = await call(admin, 'POST', `/api/tournaments/${id}/pairings/${p.id}/corrections`, {
              winner: isAffNow ? 'neg' : 'aff',
              reason: 'The judge marked the wrong side.',
            });
            expect(corrected.statusCode, corrected.body).toBe(201);
            winnerOf.set(p.debateId!, isAffNow ? p.neg!.entrantId : p.aff!.entrantId);
            await wake();
          }
        }
        await wake();

        const tournament = (await call(admin, 'GET', `/api/tournaments/${id}`)).json().tournament as TTournament;
        expect(tournament.status).toBe('finished');
        // The tab: each entrant's preliminary wins, losses and byes as the ballots (and corrections) say.
        const rounds = (await call(admin, 'GET', `/api/tournaments/${id}/rounds`)).json().rounds as TTournamentRound[];
        const expected = new Map<number, { wins: number; losses: number; byes: number }>();
        const line = (entrantId: number) => {
          if (!expected.has(entrantId)) expected.set(entrantId, { wins: 0, losses: 0, byes: 0 });
          return expected.get(entrantId)!;
        };
        for (const round of rounds.filter((r) => r.number <= s.prelimRounds)) {
          expect(round.status).toBe('complete');
          for (const p of round.pairings) {
            if (p.bye) {
              // A bye counts as a win (and is counted as a bye).
              line(p.bye.entrantId).byes++;
              line(p.bye.entrantId).wins++;
              continue;
            }
            const winner = winnerOf.get(p.debateId!)!;
            const loser = winner === p.aff!.entrantId ? p.neg!.entrantId : p.aff!.entrantId;
            line(winner).wins++;
            line(loser).losses++;
          }
        }
        const standings = (await call(admin, 'GET', `/api/tournaments/${id}/standings`)).json()
          .standings as TTournamentStandings;
        const rows = standings.divisions.flatMap((d) => d.standings);
        expect(rows).toHaveLength(s.entrants);
        for (const row of rows) {
          expect({ wins: row.wins, losses: row.losses, byes: row.byes }).toEqual(
            expected.get(row.entrantId) ?? { wins: 0, losses: 0, byes: 0 },
          );
        }
        if (s.breakSize > 0) {
          const final = rounds.find((r) => r.number === lastRound)!.pairings.find((p) => p.debateId !== null)!;
          const brackets = (await call(admin, 'GET', `/api/tournaments/${id}/bracket`)).json()
            .bracket as TTournamentBrackets;
          expect(brackets.divisions[0]!.champion?.entrantId).toBe(winnerOf.get(final.debateId!));
        }
      }),
      { numRuns: RUNS[engine], seed: Number(process.env.LIFECYCLE_SEED ?? 39), endOnFailure: true },
    );
  }, 120_000);
});
