/**
 * Partners confer (issue 40, item 4) through the real app and real sockets, on both engines: a team's partner chat
 * and its shared flow reach its partners and nobody else — not the other side, the judge or a spectator, live, in the
 * join's history, or through the flow's reads — and "Download my data" carries the sender's own part.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAck, TDebateJoined, TPartnerMessage, TSessionUser, TTeamFlow, TTeamFlowChange } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { openSeatedRound } from './round-seating';

type TCookieUser = { user: TSessionUser; cookie: string };
type TPerson = TCookieUser & { socket: TTestSocket; partnerHeard: TPartnerMessage[]; flowHeard: TTeamFlowChange[] };

describe.each(TEST_ENGINES)('partners confer on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];

  beforeEach(async () => {
    t = await createTestApp(engine);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  /** A signed-in person with a socket that has joined the round and records what the partner channels send it. */
  async function present(who: TCookieUser, debateId: number): Promise<TPerson & { joined: TDebateJoined }> {
    const socket = await connectClient(baseUrl, who.cookie);
    sockets.push(socket);
    const person = { ...who, socket, partnerHeard: [] as TPartnerMessage[], flowHeard: [] as TTeamFlowChange[] };
    socket.on('debate.partner_message_created', ({ message }) => person.partnerHeard.push(message));
    socket.on('debate.team_flow_changed', (change) => person.flowHeard.push(change));
    const joined = await ask<TDebateJoined>(socket, 'debate.join', { debateId, takeOver: false });
    if (!joined.ok) throw new Error(`join failed: ${joined.error.message}`);
    return { ...person, joined: joined.data };
  }

  /** Two teams of two in Public Forum with a judge, every one of them and a spectator in the room. */
  async function teamRound() {
    const [a1, a2, b1, b2, judge, spectator] = await Promise.all(
      ['Ada', 'Alan', 'Barbara', 'Bjarne', 'Judith', 'Sam'].map((displayName) => buildUser(t, { displayName })),
    );
    const seat = (who: TCookieUser, side: string, position: string) => ({ userId: who.user.id, side, position });
    const debateId = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'This house would confer.',
        topicId: null,
        debaters: [
          seat(a1!, 'a', 'first'),
          seat(a2!, 'a', 'second'),
          seat(b1!, 'b', 'first'),
          seat(b2!, 'b', 'second'),
        ],
        judgeId: judge!.user.id,
      },
    );
    const people = {
      a1: await present(a1!, debateId),
      a2: await present(a2!, debateId),
      b1: await present(b1!, debateId),
      b2: await present(b2!, debateId),
      judge: await present(judge!, debateId),
      spectator: await present(spectator!, debateId),
    };
    return { debateId, ...people, everyone: Object.values(people) };
  }

  /**
   * A round chat message everyone in the room receives: sent after the writes under test, so once each socket has it,
   * anything those writes sent that socket has arrived too (one server, events in order).
   */
  async function barrier(debateId: number, from: TPerson, everyone: TPerson[]) {
    const arrived = everyone.map((p) => nextEvent(p.socket, 'debate.message_created'));
    const sent = await ask(from.socket, 'debate.send_message', { debateId, text: 'Time.', clientId: randomUUID() });
    expect(sent.ok).toBe(true);
    await Promise.all(arrived);
  }

  it('reaches the sender’s partner and never the other side, the judge or a spectator', async () => {
    const { debateId, a1, a2, b1, b2, judge, spectator, everyone } = await teamRound();
    // Everyone learns every debater's side at the join; only the partners get their team's chat.
    expect(a1.joined.debaterSeats?.map((s) => [s.userId, s.side])).toEqual([
      [a1.user.id, 'a'],
      [a2.user.id, 'a'],
      [b1.user.id, 'b'],
      [b2.user.id, 'b'],
    ]);
    expect(a1.joined.partnerMessages).toEqual([]);
    expect(judge.joined.partnerMessages).toBeUndefined();
    expect(spectator.joined.partnerMessages).toBeUndefined();

    const toPartner = nextEvent(a2.socket, 'debate.partner_message_created');
    const sent = await ask<{ message: TPartnerMessage }>(a1.socket, 'debate.send_partner_message', {
      debateId,
      text: 'Run the economy turn first.',
      clientId: randomUUID(),
    });
    expect(sent).toMatchObject({ ok: true, data: { message: { side: 'a', userId: a1.user.id } } });
    expect((await toPartner).message.text).toBe('Run the economy turn first.');
    const otherSide = await ask(b1.socket, 'debate.send_partner_message', { debateId, text: 'Cross on sources.' });
    expect(otherSide.ok).toBe(true);
    await barrier(debateId, judge, everyone);
    const texts = (p: TPerson) => p.partnerHeard.map((m) => m.text);
    expect(texts(a1)).toEqual(['Run the economy turn first.']);
    expect(texts(a2)).toEqual(['Run the economy turn first.']);
    expect(texts(b1)).toEqual(['Cross on sources.']);
    expect(texts(b2)).toEqual(['Cross on sources.']);
    expect(texts(judge)).toEqual([]);
    expect(texts(spectator)).toEqual([]);

    // A second window's join: each team's history is its own; the judge and a spectator still get none.
    const again = async (who: TPerson) => {
      const reply = (await ask<TDebateJoined>(who.socket, 'debate.join', {
        debateId,
        takeOver: false,
      })) as TAck<TDebateJoined>;
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.data.partnerMessages?.map((m) => m.text);
    };
    expect(await again(a2)).toEqual(['Run the economy turn first.']);
    expect(await again(b2)).toEqual(['Cross on sources.']);
    expect(await again(judge)).toBeUndefined();
    expect(await again(spectator)).toBeUndefined();
    // The round's chat never shows a partner message.
    expect(a1.joined.messages.map((m) => m.text)).not.toContain('Run the economy turn first.');

    // "Download my data": the sender's own partner message, not their partner's or the other team's.
    const exported = (await call(a1, 'GET', '/api/users/me/export')).json() as { partnerMessages: { text: string }[] };
    expect(exported.partnerMessages.map((m) => m.text)).toEqual(['Run the economy turn first.']);
    expect(
      ((await call(a2, 'GET', '/api/users/me/export')).json() as { partnerMessages: unknown[] }).partnerMessages,
    ).toEqual([]);
  });

  it('refuses a partner message from anyone not on a team of the round, and holds the round chat’s rules', async () => {
    const { debateId, a1, judge, spectator } = await teamRound();
    for (const who of [judge, spectator]) {
      const refused = await ask(who.socket, 'debate.send_partner_message', { debateId, text: 'Let me in.' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'not_in_round' } });
    }
    // A one-on-one round has no partner chat, for either debater.
    const [ld1, ld2] = [await buildUser(t), await buildUser(t)];
    const ld = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'ld',
        resolution: 'Resolved: one on one.',
        topicId: null,
        debaters: [
          { userId: ld1.user.id, side: 'a', position: null },
          { userId: ld2.user.id, side: 'b', position: null },
        ],
      },
    );
    const solo = await present(ld1, ld);
    expect(solo.joined.partnerMessages).toBeUndefined();
    const alone = await ask(solo.socket, 'debate.send_partner_message', { debateId: ld, text: 'Anyone?' });
    expect(alone).toMatchObject({ ok: false, error: { reason: 'not_in_round' } });
    // The round chat's text rules: an empty message and a too long one are refused before anything is stored.
    for (const text of ['   ', 'x'.repeat(5000)]) {
      const bad = await ask(a1.socket, 'debate.send_partner_message', { debateId, text });
      expect(bad).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    }
    // A retried client id stores once.
    const clientId = randomUUID();
    const first = await ask<{ message: TPartnerMessage }>(a1.socket, 'debate.send_partner_message', {
      debateId,
      text: 'Once.',
      clientId,
    });
    const retry = await ask<{ message: TPartnerMessage }>(a1.socket, 'debate.send_partner_message', {
      debateId,
      text: 'Once.',
      clientId,
    });
    expect(first.ok && retry.ok && first.data.message.id === retry.data.message.id).toBe(true);
    const stored = await t.database.db
      .selectFrom('debatePartnerMessages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
  });

  it('shares a team flow its partners both edit, cell by cell, that the other side and the judge cannot read', async () => {
    const { debateId, a1, a2, b1, b2, judge, spectator, everyone } = await teamRound();
    const url = `/api/debates/${debateId}/team-flow`;
    const cell = (column: number, row: number, text: string) => ({ column, row, text, isExtension: false });
    expect((await call(a1, 'PATCH', url, { cells: [cell(0, 0, 'C1: jobs')] })).statusCode).toBe(200);
    expect((await call(a2, 'PATCH', url, { cells: [cell(0, 1, 'C2: growth')] })).statusCode).toBe(200);
    // The later save of one cell wins; the other cell stands.
    expect((await call(a2, 'PATCH', url, { cells: [cell(0, 0, 'C1: wages')] })).statusCode).toBe(200);
    const flow = (await call(a1, 'GET', url)).json().flow as TTeamFlow;
    expect(flow.side).toBe('a');
    expect(flow.columns).toHaveLength(11); // Public Forum: a column per speech and crossfire
    expect(flow.columns[0]!.slice(0, 2).map((c) => c.text)).toEqual(['C1: wages', 'C2: growth']);
    // The other team's flow is its own, and empty.
    const theirs = (await call(b1, 'GET', url)).json().flow as TTeamFlow;
    expect(theirs.side).toBe('b');
    expect(theirs.columns.flat().every((c) => c.text === '')).toBe(true);
    for (const who of [judge, spectator]) {
      expect((await call(who, 'GET', url)).statusCode).toBe(403);
      expect((await call(who, 'PATCH', url, { cells: [cell(0, 0, 'x')] })).json().error.reason).toBe('not_in_round');
    }
    // Bad input is a 400 and changes nothing.
    for (const cells of [[cell(11, 0, 'past the last speech')], [cell(0, 60, 'past the last row')], []]) {
      expect((await call(a1, 'PATCH', url, { cells })).statusCode).toBe(400);
    }
    // A cell named twice in one save keeps its last.
    expect((await call(a1, 'PATCH', url, { cells: [cell(1, 0, 'one'), cell(1, 0, 'two')] })).statusCode).toBe(200);
    expect(((await call(a2, 'GET', url)).json().flow as TTeamFlow).columns[1]![0]!.text).toBe('two');
    // Live: each save reached both partners, and nobody else.
    await barrier(debateId, judge, everyone);
    expect(a2.flowHeard.map((c) => c.cells.map((x) => x.text))).toEqual([
      ['C1: jobs'],
      ['C2: growth'],
      ['C1: wages'],
      ['two'],
    ]);
    expect(a1.flowHeard).toHaveLength(4);
    for (const who of [b1, b2, judge, spectator]) expect(who.flowHeard).toEqual([]);
    // "Download my data": the cells one wrote last.
    const mine = (await call(a1, 'GET', '/api/users/me/export')).json() as { teamFlowCells: { text: string }[] };
    expect(mine.teamFlowCells.map((c) => c.text)).toEqual(['two']);
  });
});
