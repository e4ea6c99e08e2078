/**
 * The hosts' CSV exports through the real HTTP server on both engines: entries, pairings, ballots and standings,
 * escaped so that names and reasons with commas, quotes and line breaks stay one field, and for hosts only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser, TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture } from '../../test/tournament-fixture';

type TWho = { user: TSessionUser; cookie: string };

/** A small RFC 4180 reader for the test: records of fields, quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') isQuoted = false;
      else field += c;
    } else if (c === '"') isQuoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe.each(TEST_ENGINES)('tournament CSV exports on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  it('exports entries, pairings, ballots and standings to hosts, escaped, and to no one else', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = (
      await call(admin, 'POST', '/api/tournaments', {
        name: 'Spring "Open", 2026',
        formatId: 'ld',
        prelimRounds: 1,
        breakSize: 0,
        scheduleMode: 'fixed',
        entryMode: 'open',
      })
    ).json().tournament as TTournament;
    const names = ['Smith, Jo', '=SUM(A1)', 'Ada Quote', 'Lin Plain'];
    const entrants: TWho[] = [];
    for (const displayName of names) {
      const who = await buildUser(t, { displayName });
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
      entrants.push(who);
    }
    const judge = await buildUser(t, { displayName: 'Judge Judy' });
    await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
    const round = (await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`)).json()
      .round as TTournamentRound;
    const judged = round.pairings.find((p) => p.judge?.userId === judge.user.id)!;
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot' })
      .where('id', '=', judged.debateId!)
      .execute();
    const reason = 'Aff won on "framework",\nand on impacts.';
    const ballot = await call(judge, 'POST', `/api/debates/${judged.debateId}/ballots`, {
      winnerSide: 'a',
      speakerPoints: { a: 29.5, b: 28 },
      reason,
    });
    expect(ballot.statusCode, ballot.body).toBe(201);

    const download = async (file: string) => {
      const response = await call(admin, 'GET', `/api/tournaments/${tournament.id}/export/${file}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(`filename="spring-open-2026-${file}"`);
      return parseCsv(response.body);
    };

    const entries = await download('entries.csv');
    expect(entries[0]).toEqual(['Entrant ID', 'Name', 'Division', 'Team', 'Withdrawn', 'Entered at']);
    expect(entries.slice(1).map((r) => r[1])).toEqual(['Smith, Jo', "'=SUM(A1)", 'Ada Quote', 'Lin Plain']);
    expect(entries[1]![2]).toBe('Open · pool B');

    const pairings = await download('pairings.csv');
    expect(pairings).toHaveLength(3);
    const judgedLine = pairings.find((r) => r[8] === String(judged.debateId))!;
    expect(judgedLine).toMatchObject({
      0: '1',
      6: 'Judge Judy',
      9: 'judged',
      10: judged.aff!.displayName.replace(/^=/, "'="),
    });

    const ballots = await download('ballots.csv');
    expect(ballots).toHaveLength(2);
    expect(ballots[1]!.slice(3)).toEqual([
      'Judge Judy',
      judged.aff!.displayName.replace(/^=/, "'="),
      judged.neg!.displayName.replace(/^=/, "'="),
      'judged',
      judged.aff!.displayName.replace(/^=/, "'="),
      '29.5',
      '28',
      reason,
    ]);

    const standings = await download('standings.csv');
    expect(standings).toHaveLength(5);
    expect(standings[1]!.slice(0, 4)).toEqual([
      'Open · pool B',
      '1',
      String(judged.aff!.entrantId),
      judged.aff!.displayName.replace(/^=/, "'="),
    ]);
    expect(standings[1]![8]).toBe('29.5');

    const byEntrant = await call(entrants[0]!, 'GET', `/api/tournaments/${tournament.id}/export/entries.csv`);
    expect(byEntrant.statusCode).toBe(403);
    const unknown = await call(admin, 'GET', `/api/tournaments/${tournament.id}/export/judges.csv`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain(
      'Exports are entries.csv, pairings.csv, ballots.csv, standings.csv and speakers.csv.',
    );
    // An LD tournament has no speaker tab apart from its tab: the file holds the header alone.
    expect(await download('speakers.csv')).toEqual([
      ['Division', 'Rank', 'Name', 'Team', 'Speaker points', 'High-low dropped', 'Average', 'Rounds'],
    ]);
  });

  it('exports the speaker tab of a tournament of teams, each debater with their team, escaped, to hosts only', async () => {
    const f = tournamentFixture(() => t);
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { name: 'Team "Cup"', formatId: 'pf', teamSize: 2 });
    const people = [
      await buildUser(t, { displayName: '=HYPERLINK(1)' }),
      await buildUser(t, { displayName: 'Pat, Partner' }),
      await buildUser(t, { displayName: 'Cy Third' }),
      await buildUser(t, { displayName: 'Dee Fourth' }),
    ];
    for (const [captain, partner] of [
      [people[0]!, people[1]!],
      [people[2]!, people[3]!],
    ] as const) {
      const entered = await f.call(captain, 'POST', `/api/tournaments/${tournament.id}/entrants`, {
        partnerIds: [partner.user.id],
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const { id: entrantId } = entered.json().entrant as { id: number };
      const confirmed = await f.call(
        partner,
        'POST',
        `/api/tournaments/${tournament.id}/entrants/${entrantId}/confirm`,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(204);
    }
    const round = await f.release(admin, tournament.id, 1);
    await f.judgeRound(await buildUser(t), round);
    const affCaptain = round.pairings[0]!.aff!;

    const response = await call(admin, 'GET', `/api/tournaments/${tournament.id}/export/speakers.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="team-cup-speakers.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Division',
      'Rank',
      'Name',
      'Team',
      'Speaker points',
      'High-low dropped',
      'Average',
      'Rounds',
    ]);
    expect(rows).toHaveLength(5);
    // The fixture's ballot: the winning side's first speaker 28, the second 27.5; the losers 27 and 26.5.
    const affTeam = affCaptain.displayName.replace(/^=/, "'=");
    expect(rows[1]!.slice(1)).toEqual(['1', affTeam.split(' & ')[0], affTeam, '28', 'no', '28', '1']);
    expect(rows[2]!.slice(1, 5)).toEqual(['2', affTeam.split(' & ')[1], affTeam, '27.5']);
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(["'=HYPERLINK(1)", 'Cy Third', 'Dee Fourth', 'Pat, Partner'].sort());
    expect((await call(people[0]!, 'GET', `/api/tournaments/${tournament.id}/export/speakers.csv`)).statusCode).toBe(
      403,
    );
  });
});
