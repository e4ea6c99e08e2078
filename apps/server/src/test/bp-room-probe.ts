/**
 * The authorization matrix's setups for a host's changes to a British Parliamentary room (kept apart from the
 * matrix's own file for its size): a BP tournament `host` runs, four teams of two fresh accounts, two judges in its
 * pool and round 1 released (one room, one chair, one judge to spare); the room's chair changed to the spare, or its
 * ballot given by its chair and a correction of it that the rule accepts.
 */
import { BP_SIDES } from '@resolved/shared';
import type { TTestApp } from './harness';
import { fastUser } from '../security/security-fixtures';

type TIdentity = Awaited<ReturnType<typeof fastUser>>;

/** The ranked ballot for `order` (first to fourth), each team's speakers' points following its place. */
function ballotFor(order: readonly ('og' | 'oo' | 'cg' | 'co')[]) {
  const positions = { og: ['pm', 'dpm'], oo: ['lo', 'dlo'], cg: ['mg', 'gw'], co: ['mo', 'ow'] } as const;
  const ranks = Object.fromEntries(order.map((side, i) => [side, i + 1]));
  const speakerPoints = Object.fromEntries(
    order.flatMap((side, i) => positions[side].map((position, nth) => [position, 80 - 3 * i - nth])),
  );
  return { ranks, speakerPoints };
}

/** Round 1 of a new BP tournament of `host`, released: its one room, its chair and the judge the pool has to spare. */
async function releasedBpRoomOf(t: TTestApp, host: TIdentity) {
  const ok = async (method: 'POST' | 'GET', url: string, who: TIdentity, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(`setup ${method} ${url} failed: ${response.statusCode} ${response.body}`);
    }
    return response.statusCode === 204 ? {} : response.json<Record<string, unknown>>();
  };
  // Hosting takes a coach (or an admin): the host coaches a team first.
  await ok('POST', '/api/teams', host, { name: 'Probe team', school: 'Probe High' });
  const { tournament } = (await ok('POST', '/api/tournaments', host, {
    name: 'Probe BP open',
    formatId: 'bp',
    teamSize: 2,
    prelimRounds: 1,
    breakSize: 0,
    scheduleMode: 'fixed',
    entryMode: 'open',
  })) as { tournament: { id: number } };
  const id = tournament.id;
  for (let i = 0; i < 4; i++) {
    const [captain, partner] = [await fastUser(t), await fastUser(t)];
    const { entrant } = (await ok('POST', `/api/tournaments/${id}/entrants`, captain, {
      partnerIds: [partner.user.id],
    })) as { entrant: { id: number } };
    await ok('POST', `/api/tournaments/${id}/entrants/${entrant.id}/confirm`, partner);
  }
  const judges = [await fastUser(t), await fastUser(t)];
  for (const judge of judges) await ok('POST', `/api/tournaments/${id}/judges`, host, { userId: judge.user.id });
  const { round } = (await ok('POST', `/api/tournaments/${id}/rounds/1/release`, host)) as {
    round: { bpRooms: { id: number; debateId: number; panel: { userId: string | null }[] }[] };
  };
  const room = round.bpRooms[0]!;
  const chair = judges.find((judge) => judge.user.id === room.panel[0]?.userId)!;
  const spare = judges.find((judge) => judge !== chair)!;
  return { ok, id, room, chair, spare };
}

/** A released BP room and the change of its chair to the pool's spare judge, which the rule accepts. */
export async function unstartedBpRoomOf(t: TTestApp, host: TIdentity) {
  const { id, room, spare } = await releasedBpRoomOf(t, host);
  return { url: `/api/tournaments/${id}/bp-rooms/${room.id}`, change: { judgeId: spare.user.id } };
}

/** A judged BP room and a correction of its result, which the rule accepts. */
export async function judgedBpRoomOf(t: TTestApp, host: TIdentity) {
  const { ok, id, room, chair } = await releasedBpRoomOf(t, host);
  // The speeches over (time-shifted): the room waits for its chair's ballot.
  await t.database.db
    .updateTable('debates')
    .set({ status: 'awaiting_ballot' })
    .where('id', '=', room.debateId)
    .execute();
  await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', room.debateId).execute();
  await ok('POST', `/api/debates/${room.debateId}/ballots`, chair, { ...ballotFor(BP_SIDES), reason: 'OG.' });
  const correction = { ...ballotFor([...BP_SIDES].reverse()), reason: 'The chair marked the places upside down.' };
  return { url: `/api/tournaments/${id}/bp-rooms/${room.id}/corrections`, correction };
}
