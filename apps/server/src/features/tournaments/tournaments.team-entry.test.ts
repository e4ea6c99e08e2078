/**
 * Entering a tournament of teams as the pages do, through the real HTTP server on both engines: an entry by code that
 * names no partner is refused with the format and how many partners to name (the join form asks for them then), and
 * a partner named in a team finds the tournament among their own before confirming.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TPartnersWanted, TTournament } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture } from '../../test/tournament-fixture';

describe.each(TEST_ENGINES)('entering a tournament of teams on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);

  it('refuses an entry by code without a partner, saying the format and how many partners to name', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const pf = await f.create(admin, { formatId: 'pf', teamSize: 2, entryMode: 'code' });
    const ws = await f.create(admin, { formatId: 'ws', teamSize: 3, entryMode: 'code' });
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    const codeOf = async (id: number) =>
      ((await f.call(admin, 'GET', `/api/tournaments/${id}`)).json().tournament as TTournament).joinCode!;

    const alone = await f.call(ann, 'POST', `/api/tournaments/join/${await codeOf(pf.id)}`, {});
    expect(alone.statusCode, alone.body).toBe(400);
    expect(alone.json().error.message).toBe('Name your partner.');
    expect(alone.json().error.details).toEqual({ formatId: 'pf', partnersWanted: 1 } satisfies TPartnersWanted);
    // As the form sends it with no partner chosen yet.
    const none = await f.call(ann, 'POST', `/api/tournaments/join/${await codeOf(pf.id)}`, { partnerIds: [] });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.details).toEqual({ formatId: 'pf', partnersWanted: 1 } satisfies TPartnersWanted);
    const short = await f.call(ann, 'POST', `/api/tournaments/join/${await codeOf(ws.id)}`, {
      partnerIds: [ben.user.id],
    });
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().error.details).toEqual({ formatId: 'ws', partnersWanted: 2 } satisfies TPartnersWanted);

    // Named, the entry goes through.
    const entered = await f.call(ann, 'POST', `/api/tournaments/join/${await codeOf(pf.id)}`, {
      partnerIds: [ben.user.id],
    });
    expect(entered.statusCode, entered.body).toBe(201);
  });

  it('lists the tournament among a named partner’s own, before and after they confirm', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { id } = await f.create(admin, { formatId: 'pf', teamSize: 2 });
    const [ann, ben, cy] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const mine = async (who: typeof ann) =>
      ((await f.call(who, 'GET', '/api/tournaments')).json().tournaments as TTournament[]).map((x) => x.id);
    expect(await mine(ben)).not.toContain(id);
    const entered = await f.call(ann, 'POST', `/api/tournaments/${id}/entrants`, { partnerIds: [ben.user.id] });
    expect(entered.statusCode, entered.body).toBe(201);
    const entrantId = (entered.json().entrant as { id: number }).id;
    expect(await mine(ben)).toContain(id);
    // The partner's view names them the team's entrant, so the page offers them "Confirm".
    const seen = (await f.call(ben, 'GET', `/api/tournaments/${id}`)).json().tournament as TTournament;
    expect(seen.viewer.entrantId).toBe(entrantId);
    const confirmed = await f.call(ben, 'POST', `/api/tournaments/${id}/entrants/${entrantId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await mine(ben)).toContain(id);
    expect(await mine(cy)).not.toContain(id);
  });
});
