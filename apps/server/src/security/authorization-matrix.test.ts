/**
 * The authorization matrix: every HTTP route the app registers, every better-auth endpoint behind
 * `/api/auth/*` and every socket event a connection listens to, × {visitor, user, moderator, admin, owner, banned},
 * checked against the real app. A route or event without an entry in authorization-table.ts fails.
 * `WRITE_SECURITY_DOCS=1` (npm run security:docs) rewrites docs/security.md's table; otherwise a stale
 * table fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAck, TSessionUser } from '@resolved/shared';
import type { TTestApp } from '../test/harness';
import { TEST_ENGINES } from '../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../test/factories';
import { ask, connectClient, listenOnFreePort, type TTestSocket } from '../features/chat/chat-test-client';
import { banAppealToken } from '../features/moderation/moderation.service';
import { openSeatedRound } from '../features/debates/round-seating';
import {
  ACTORS,
  AUTH_ENDPOINT_RULES,
  HTTP_RULES,
  renderAuthorizationTables,
  SOCKET_CASE_RULES,
  SOCKET_RULES,
  type TAccessRule,
  type TActor,
  type TVerdict,
} from './authorization-table';
import {
  authEndpoints,
  createAppWithRoutes,
  fastUser,
  listSocketEvents,
  signedSessionCookie,
  type TRouteRecord,
} from './security-fixtures';
import { judgedBpRoomOf, unstartedBpRoomOf } from '../test/bp-room-probe';

type TIdentity = { user: TSessionUser; cookie: string };
interface TCtx {
  t: TTestApp;
  actor: TActor;
  /** The actor's identity (null for a visitor; the owner for `owner`). */
  as: TIdentity | null;
  owner: TIdentity;
  baseUrl: string;
}
interface TOutcome {
  status: number;
  /** For requests that answer 200 without effect for those not entitled (a challenge's acceptance), whether it happened. */
  tookEffect?: boolean;
}
type TProbe = (c: TCtx) => Promise<TOutcome>;

async function call(c: TCtx, method: string, url: string, payload?: unknown, who: TIdentity | null = c.as) {
  const response = await c.t.app.inject({
    method: method as 'GET',
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: who ? { cookie: who.cookie } : {},
  });
  return response;
}

async function ok(c: TCtx, method: string, url: string, payload: unknown, who: TIdentity) {
  const response = await call(c, method, url, payload, who);
  if (response.statusCode >= 300)
    throw new Error(`setup ${method} ${url} failed: ${response.statusCode} ${response.body}`);
  return response.json<Record<string, unknown>>();
}

/** Who `actor` is: none for a visitor, the owner, or a fresh account (a banned one: a user whose ban holds). */
async function identityOf(t: TTestApp, actor: TActor, owner: TIdentity): Promise<TIdentity | null> {
  if (actor === 'visitor') return null;
  if (actor === 'owner') return owner;
  if (actor !== 'banned') return fastUser(t, actor);
  const banned = await fastUser(t);
  const isBanned = t.database.engine === 'postgres' ? true : 1;
  await t.database.db.updateTable('users').set({ banned: isBanned }).where('id', '=', banned.user.id).execute();
  return banned;
}

const asOutcome = (r: { statusCode: number }): TOutcome => ({ status: r.statusCode });

/** A live LD debate with `debater` on side a (the first speaker) and `opponent` (a fresh user unless given) on side b. */
async function makeDebate(
  c: TCtx,
  debater: TIdentity,
  opponent?: TIdentity,
): Promise<{ id: number; opponent: TIdentity }> {
  const other = opponent ?? (await fastUser(c.t));
  const { challenge } = (await ok(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }, debater)) as {
    challenge: { token: string };
  };
  const { debateId } = (await ok(c, 'POST', `/api/debates/challenges/${challenge.token}/accept`, undefined, other)) as {
    debateId: number;
  };
  // The challenge drew the sides: put `debater` on side a, in the round's row and its seats alike.
  const { db } = c.t.database;
  await db
    .updateTable('debates')
    .set({ debaterAId: debater.user.id, debaterBId: other.user.id })
    .where('id', '=', debateId)
    .execute();
  await db.deleteFrom('debateSeats').where('debateId', '=', debateId).execute();
  await db
    .insertInto('debateSeats')
    .values([
      { debateId, side: 'a', seat: 1, position: null, userId: debater.user.id },
      { debateId, side: 'b', seat: 1, position: null, userId: other.user.id },
    ])
    .execute();
  return { id: debateId, opponent: other };
}

/** A live Public Forum round of two teams of two, the owner first speaker of side a. */
async function makeTeamRound(c: TCtx): Promise<number> {
  const [partner, b1, b2] = [await fastUser(c.t), await fastUser(c.t), await fastUser(c.t)];
  const seat = (who: TIdentity, side: string, position: string) => ({ userId: who.user.id, side, position });
  return openSeatedRound(
    { database: c.t.database },
    {
      kind: 'challenge',
      formatId: 'pf',
      resolution: 'This house would confer.',
      topicId: null,
      debaters: [
        seat(c.owner, 'a', 'first'),
        seat(partner, 'a', 'second'),
        seat(b1, 'b', 'first'),
        seat(b2, 'b', 'second'),
      ],
    },
  );
}

/** Makes `who` 15 (a minor). */
async function makeMinor(c: TCtx, who: TIdentity): Promise<void> {
  const now = new Date();
  const birthMonth = `${now.getUTCFullYear() - 16}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  await c.t.database.db.updateTable('users').set({ birthMonth }).where('id', '=', who.user.id).execute();
}

/** A live round of two 15-year-olds, the owner on side a; its evidence shared with spectators if asked. */
async function minorsRound(c: TCtx, options: { isEvidencePublic?: boolean } = {}) {
  await makeMinor(c, c.owner);
  const opponent = await fastUser(c.t);
  await makeMinor(c, opponent);
  const round = await makeDebate(c, c.owner, opponent);
  if (options.isEvidencePublic) {
    await ok(c, 'PUT', `/api/debates/${round.id}/evidence/visibility`, { isPublic: true }, c.owner);
  }
  return round;
}

async function makeRoom(c: TCtx, creator: TIdentity): Promise<number> {
  const { room } = (await ok(
    c,
    'POST',
    '/api/rooms',
    { name: `Room ${randomUUID().slice(0, 8)}`, zoomLink: 'https://zoom.us/j/1' },
    creator,
  )) as {
    room: { id: number };
  };
  return room.id;
}

/** A live debate of the owner's whose debaters both agreed to record it. */
async function recordedDebate(c: TCtx): Promise<{ id: number }> {
  const { id, opponent } = await makeDebate(c, c.owner);
  await ok(c, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true }, c.owner);
  await ok(c, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true }, opponent);
  return { id };
}

/** A recording of the owner's with one chunk. */
async function recordedChunk(c: TCtx): Promise<{ id: number; recordingId: number }> {
  const { id } = await recordedDebate(c);
  const { recording } = (await ok(c, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' }, c.owner)) as {
    recording: { id: number };
  };
  await c.t.app.inject({
    method: 'POST',
    url: `/api/debates/${id}/recordings/${recording.id}/chunks?seq=0`,
    headers: { 'content-type': 'video/webm', cookie: c.owner.cookie },
    payload: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  });
  return { id, recordingId: recording.id };
}

/** A team coached by `coach`, with one member. */
let setupJoins = 0;

async function makeTeam(c: TCtx, coach: TIdentity): Promise<{ id: number; joinCode: string; member: TIdentity }> {
  const { team } = (await ok(c, 'POST', '/api/teams', { name: 'Probe team', school: 'Probe High' }, coach)) as {
    team: { id: number; joinCode: string };
  };
  const member = await fastUser(c.t);
  // Each setup join from its own address: the probes make hundreds of teams, past the per-address join limit.
  const joined = await c.t.app.inject({
    method: 'POST',
    url: `/api/teams/join/${team.joinCode}`,
    headers: { cookie: member.cookie },
    remoteAddress: `10.9.${Math.floor(++setupJoins / 250)}.${setupJoins % 250}`,
  });
  if (joined.statusCode >= 300) throw new Error(`setup team join failed: ${joined.statusCode} ${joined.body}`);
  return { id: team.id, joinCode: team.joinCode, member };
}

const PROBE_TOURNAMENT = { name: 'Probe open', formatId: 'ld', prelimRounds: 2, breakSize: 0, scheduleMode: 'fixed' };

/** A tournament hosted by `host` (made a coach first), entered `entryMode`. */
async function makeTournament(
  c: TCtx,
  host: TIdentity,
  entryMode: 'open' | 'code',
): Promise<{ id: number; joinCode: string | null }> {
  await makeTeam(c, host);
  const { tournament } = (await ok(c, 'POST', '/api/tournaments', { ...PROBE_TOURNAMENT, entryMode }, host)) as {
    tournament: { id: number; joinCode: string | null };
  };
  return tournament;
}

/** A tournament of `host` (a fresh one unless given) started with two entrants; published unless `isPublished` false. */
async function startedTournament(c: TCtx, host?: TIdentity, isPublished = true): Promise<{ id: number }> {
  const owner = host ?? (await fastUser(c.t));
  const tournament = await makeTournament(c, owner, 'open');
  for (let i = 0; i < 2; i++) {
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, await fastUser(c.t));
  }
  await ok(c, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`, undefined, owner);
  if (isPublished) await ok(c, 'POST', `/api/tournaments/${tournament.id}/publish`, undefined, owner);
  return tournament;
}

/** A started, unpublished tournament of `c.owner` with its round 1, its first debate's pairing and its debaters. */
async function hostedPairing(c: TCtx) {
  const tournament = await makeTournament(c, c.owner, 'open');
  const entrants = [await fastUser(c.t), await fastUser(c.t)];
  for (const entrant of entrants) await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, entrant);
  await ok(c, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`, undefined, c.owner);
  const { rounds } = (await ok(c, 'GET', `/api/tournaments/${tournament.id}/rounds`, undefined, c.owner)) as {
    rounds: { releasedAt: string; pairings: { id: number; debateId: number | null }[] }[];
  };
  const pairing = rounds[0]!.pairings.find((p) => p.debateId !== null)!;
  return { id: tournament.id, round: rounds[0]!, pairing, entrants };
}

/**
 * A team whose coach requires approval to join, and `who` waiting for it; the coach is `coach` (the
 * owner, for the coach's own routes) or a fresh one.
 */
async function pendingJoin(c: TCtx, who: TIdentity, coach?: TIdentity): Promise<{ id: number; coach: TIdentity }> {
  const teamCoach = coach ?? (await fastUser(c.t));
  const { team } = (await ok(c, 'POST', '/api/teams', { name: 'Probe team', school: 'Probe High' }, teamCoach)) as {
    team: { id: number; joinCode: string };
  };
  await ok(c, 'PUT', `/api/teams/${team.id}/join-approval`, { isRequired: true }, teamCoach);
  await ok(c, 'POST', `/api/teams/join/${team.joinCode}`, undefined, who);
  return { id: team.id, coach: teamCoach };
}

/** The actor's account as one from before ages were asked (no month of birth); a visitor has none anyway. */
async function withoutBirthMonth(c: TCtx): Promise<void> {
  if (!c.as) return;
  await c.t.database.db.updateTable('users').set({ birthMonth: null }).where('id', '=', c.as.user.id).execute();
}

/** Makes `who` a team-managed under-13 account, as a sign-up through a coach's join link does. */
async function teamManaged(t: TTestApp, who: TIdentity, coachId = 'probe-coach'): Promise<void> {
  await t.database.db
    .updateTable('users')
    .set({ birthMonth: `${new Date().getUTCFullYear() - 10}-01`, isTeamManaged: 1, managedBy: coachId })
    .where('id', '=', who.user.id)
    .execute();
}

/** An open report case: a fresh user reports another for spam. */
async function reportCase(c: TCtx): Promise<number> {
  const reporter = await fastUser(c.t);
  const target = await fastUser(c.t);
  const { caseId } = (await ok(
    c,
    'POST',
    '/api/reports',
    { target: 'user', userId: target.user.id, reason: 'spam' },
    reporter,
  )) as {
    caseId: number;
  };
  return caseId;
}

/** An admin warns `who`; the id of the notice that tells them. */
async function warnedNotice(c: TCtx, who: TIdentity): Promise<number> {
  const admin = await fastUser(c.t, 'admin');
  await ok(c, 'POST', `/api/moderation/users/${who.user.id}/actions`, { action: 'warn', reason: 'Be kind' }, admin);
  const { notices } = (await ok(c, 'GET', '/api/notices', undefined, who)) as { notices: { id: number }[] };
  return notices[0]!.id;
}

const clock = (id: number, action: string) => ({ path: `/api/debates/${id}/clock`, body: { action } });

/** How to exercise each entry: make what it needs (owned by `owner`), then act as the actor. */
const HTTP_PROBES: Record<string, TProbe> = {
  'GET /api/health': (c) => call(c, 'GET', '/api/health').then(asOutcome),
  'GET /api/session': (c) => call(c, 'GET', '/api/session').then(asOutcome),
  'GET /api/auth-options': (c) => call(c, 'GET', '/api/auth-options').then(asOutcome),
  'GET /api/help/config': (c) => call(c, 'GET', '/api/help/config').then(asOutcome),
  'POST /api/help/requests': (c) =>
    call(c, 'POST', '/api/help/requests', { name: 'Ada', email: 'ada@example.test', message: 'Hello there' }).then(
      asOutcome,
    ),
  'GET /api/contact-requests': (c) => call(c, 'GET', '/api/contact-requests').then(asOutcome),
  'GET /api/topics': (c) => call(c, 'GET', '/api/topics').then(asOutcome),
  'GET /api/topics/current': (c) => call(c, 'GET', '/api/topics/current').then(asOutcome),
  'PUT /api/topics/current': (c) =>
    call(c, 'PUT', '/api/topics/current', { title: 'New topic', date: '2030-01-01', description: 'About it' }).then(
      asOutcome,
    ),
  'POST /api/topics/:id/make-current': async (c) => {
    const admin = await fastUser(c.t, 'admin');
    const { topic } = (await ok(c, 'GET', '/api/topics/current', undefined, admin)) as { topic: { id: number } };
    await ok(c, 'PUT', '/api/topics/current', { title: 'Newer', date: '2030-01-02', description: 'x' }, admin);
    return asOutcome(await call(c, 'POST', `/api/topics/${topic.id}/make-current`));
  },
  'GET /api/rooms': (c) => call(c, 'GET', '/api/rooms').then(asOutcome),
  'POST /api/rooms': (c) =>
    call(c, 'POST', '/api/rooms', { name: 'My room', zoomLink: 'https://zoom.us/j/2' }).then(asOutcome),
  'POST /api/rooms | team-managed': async (c) => {
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'POST', '/api/rooms', { name: 'My room', zoomLink: 'https://zoom.us/j/2' }));
  },
  'PATCH /api/rooms/:id': async (c) => {
    const id = await makeRoom(c, c.owner);
    return asOutcome(await call(c, 'PATCH', `/api/rooms/${id}`, { name: 'Renamed' }));
  },
  'PATCH /api/rooms/:id | fixed room': (c) =>
    call(c, 'PATCH', '/api/rooms/1', { zoomLink: 'https://zoom.us/j/changed' }).then(asOutcome),
  'DELETE /api/rooms/:id': async (c) => {
    const id = await makeRoom(c, c.owner);
    return asOutcome(await call(c, 'DELETE', `/api/rooms/${id}`));
  },
  'DELETE /api/rooms/:id | fixed room': (c) => call(c, 'DELETE', '/api/rooms/2').then(asOutcome),
  'GET /api/leaderboard': (c) => call(c, 'GET', '/api/leaderboard').then(asOutcome),
  'GET /api/users/me/standing': (c) => call(c, 'GET', '/api/users/me/standing').then(asOutcome),
  'GET /api/users/me/export': (c) => call(c, 'GET', '/api/users/me/export').then(asOutcome),
  'GET /api/users': (c) => call(c, 'GET', '/api/users').then(asOutcome),
  'GET /api/users/:id': (c) => call(c, 'GET', `/api/users/${c.owner.user.id}`).then(asOutcome),
  'GET /api/users/:id/debates': (c) => call(c, 'GET', `/api/users/${c.owner.user.id}/debates`).then(asOutcome),
  'GET /api/users/:id/judged-debates': (c) =>
    call(c, 'GET', `/api/users/${c.owner.user.id}/judged-debates`).then(asOutcome),
  'GET /api/blocks': (c) => call(c, 'GET', '/api/blocks').then(asOutcome),
  'PUT /api/blocks/:id': async (c) => {
    const other = await fastUser(c.t);
    return asOutcome(await call(c, 'PUT', `/api/blocks/${other.user.id}`));
  },
  'DELETE /api/blocks/:id': async (c) => {
    // The actor's own block (a visitor or banned account has none to lift: the door refuses them first).
    const other = await fastUser(c.t);
    if (c.as && c.actor !== 'banned') await ok(c, 'PUT', `/api/blocks/${other.user.id}`, undefined, c.as);
    return asOutcome(await call(c, 'DELETE', `/api/blocks/${other.user.id}`));
  },
  'PUT /api/users/:id/score': (c) =>
    call(c, 'PUT', `/api/users/${c.owner.user.id}/score`, { score: 42 }).then(asOutcome),
  'PUT /api/users/:id/role': (c) =>
    call(c, 'PUT', `/api/users/${c.owner.user.id}/role`, { role: 'moderator' }).then(asOutcome),
  'GET /api/score-changes': (c) => call(c, 'GET', '/api/score-changes').then(asOutcome),
  'GET /api/users/me/paradigm': (c) => call(c, 'GET', '/api/users/me/paradigm').then(asOutcome),
  'PUT /api/users/me/paradigm': (c) =>
    call(c, 'PUT', '/api/users/me/paradigm', { paradigm: 'Tabula rasa; weigh for me.' }).then(asOutcome),
  'GET /api/users/:id/paradigm': (c) => call(c, 'GET', `/api/users/${c.owner.user.id}/paradigm`).then(asOutcome),
  'GET /api/users/me/birth-month': (c) => call(c, 'GET', '/api/users/me/birth-month').then(asOutcome),
  'PUT /api/users/me/birth-month': async (c) => {
    await withoutBirthMonth(c);
    return asOutcome(await call(c, 'PUT', '/api/users/me/birth-month', { birthMonth: '2000-05' }));
  },
  'PUT /api/users/me/birth-month | already set': (c) =>
    call(c, 'PUT', '/api/users/me/birth-month', { birthMonth: '2000-05' }).then(asOutcome),
  'PUT /api/users/:id/birth-month': (c) =>
    call(c, 'PUT', `/api/users/${c.owner.user.id}/birth-month`, { birthMonth: '2000-05' }).then(asOutcome),
  'PUT /api/users/:id/verified-judge': (c) =>
    call(c, 'PUT', `/api/users/${c.owner.user.id}/verified-judge`, { isVerifiedJudge: true }).then(asOutcome),
  'GET /api/users/:id | team-managed': async (c) => {
    await teamManaged(c.t, c.owner);
    return asOutcome(await call(c, 'GET', `/api/users/${c.owner.user.id}`));
  },
  'GET /api/users/:id | team-managed, pending teammate': async (c) => {
    // A team-managed child on a team (approved); the owner, an adult, waits for approval to join that team.
    const child = await fastUser(c.t);
    const team = await pendingJoin(c, child);
    await teamManaged(c.t, child, team.coach.user.id);
    await ok(c, 'POST', `/api/teams/${team.id}/members/${child.user.id}/approve`, undefined, team.coach);
    const { team: full } = (await ok(c, 'GET', `/api/teams/${team.id}`, undefined, team.coach)) as {
      team: { joinCode: string };
    };
    await ok(c, 'POST', `/api/teams/join/${full.joinCode}`, undefined, c.owner);
    return asOutcome(await call(c, 'GET', `/api/users/${child.user.id}`));
  },
  'POST /api/reports': async (c) => {
    const target = await fastUser(c.t);
    return asOutcome(await call(c, 'POST', '/api/reports', { target: 'user', userId: target.user.id, reason: 'spam' }));
  },
  'GET /api/moderation/cases': (c) => call(c, 'GET', '/api/moderation/cases').then(asOutcome),
  'GET /api/moderation/cases/:id': async (c) =>
    asOutcome(await call(c, 'GET', `/api/moderation/cases/${await reportCase(c)}`)),
  'POST /api/moderation/cases/:id/claim': async (c) =>
    asOutcome(await call(c, 'POST', `/api/moderation/cases/${await reportCase(c)}/claim`)),
  'DELETE /api/moderation/cases/:id/claim': async (c) =>
    asOutcome(await call(c, 'DELETE', `/api/moderation/cases/${await reportCase(c)}/claim`)),
  'POST /api/moderation/cases/:id/actions': async (c) =>
    asOutcome(
      await call(c, 'POST', `/api/moderation/cases/${await reportCase(c)}/actions`, {
        action: 'warn',
        reason: 'Be kind',
      }),
    ),
  'POST /api/moderation/cases/:id/appeal-decision': async (c) => {
    const appealed = await fastUser(c.t);
    const noticeId = await warnedNotice(c, appealed);
    const { caseId } = (await ok(c, 'POST', `/api/notices/${noticeId}/appeal`, { text: 'Please' }, appealed)) as {
      caseId: number;
    };
    return asOutcome(
      await call(c, 'POST', `/api/moderation/cases/${caseId}/appeal-decision`, { grant: false, reason: 'Stands' }),
    );
  },
  'POST /api/moderation/users/:id/actions': async (c) => {
    const target = await fastUser(c.t);
    return asOutcome(
      await call(c, 'POST', `/api/moderation/users/${target.user.id}/actions`, { action: 'warn', reason: 'Be kind' }),
    );
  },
  'GET /api/moderation/files/:id': async (c) => {
    const caseId = await reportCase(c);
    const file = await c.t.database.db
      .insertInto('moderationFiles')
      .values({
        caseId,
        kind: 'evidence',
        sourceId: 1,
        name: 'card.txt',
        contentType: 'text/plain',
        size: 1,
        sha256: 'x',
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await c.t.database.db
      .insertInto('moderationFileChunks')
      .values({ fileId: file.id, seq: 0, data: Buffer.from('x') })
      .execute();
    return asOutcome(await call(c, 'GET', `/api/moderation/files/${file.id}`));
  },
  'GET /api/moderation/log': (c) => call(c, 'GET', '/api/moderation/log').then(asOutcome),
  'GET /api/notices': (c) => call(c, 'GET', '/api/notices').then(asOutcome),
  'POST /api/notices/read': (c) => call(c, 'POST', '/api/notices/read').then(asOutcome),
  'POST /api/ban-appeals': async (c) => {
    // A banned account of its own for each actor: the token, not the caller's session, says who appeals.
    const target = await fastUser(c.t);
    const admin = await fastUser(c.t, 'admin');
    await ok(c, 'POST', `/api/moderation/users/${target.user.id}/actions`, { action: 'ban', reason: 'Slurs' }, admin);
    const token = banAppealToken((await c.t.app.auth.$context).secret, target.user.id);
    return asOutcome(await call(c, 'POST', '/api/ban-appeals', { token, text: 'Please reconsider' }));
  },
  'POST /api/notices/:id/appeal': async (c) => {
    const noticeId = await warnedNotice(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/notices/${noticeId}/appeal`, { text: 'Please reconsider' }));
  },
  'GET /api/motions': (c) => call(c, 'GET', '/api/motions?formatId=parli').then(asOutcome),
  'POST /api/motions': (c) =>
    call(c, 'POST', '/api/motions', { formatId: 'parli', text: 'This House would ban homework' }).then(asOutcome),
  'DELETE /api/motions/:id': async (c) => {
    const row = await c.t.database.db
      .insertInto('motions')
      .values({
        formatId: 'parli',
        text: 'This House would probe',
        createdBy: null,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return call(c, 'DELETE', `/api/motions/${row.id}`).then(asOutcome);
  },
  'GET /api/chat/messages': (c) => call(c, 'GET', '/api/chat/messages').then(asOutcome),
  'GET /api/chat/lock': (c) => call(c, 'GET', '/api/chat/lock').then(asOutcome),
  // Leaves the chat as it is (open): the actors of other entries run meanwhile.
  'PUT /api/chat/lock': (c) => call(c, 'PUT', '/api/chat/lock', { isLocked: false }).then(asOutcome),
  'GET /api/chat/messages | no month of birth': async (c) => {
    await withoutBirthMonth(c);
    return asOutcome(await call(c, 'GET', '/api/chat/messages'));
  },
  'GET /api/chat/messages | team-managed': async (c) => {
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'GET', '/api/chat/messages'));
  },
  'GET /api/debates': (c) => call(c, 'GET', '/api/debates').then(asOutcome),
  'GET /api/debates/ratings': (c) => call(c, 'GET', '/api/debates/ratings?formatId=ld').then(asOutcome),
  'GET /api/debates/queue': (c) => call(c, 'GET', '/api/debates/queue').then(asOutcome),
  'POST /api/debates/queue': (c) => call(c, 'POST', '/api/debates/queue', { formatId: 'pf' }).then(asOutcome),
  'POST /api/debates/queue | no month of birth': async (c) => {
    await withoutBirthMonth(c);
    return asOutcome(await call(c, 'POST', '/api/debates/queue', { formatId: 'pf' }));
  },
  'POST /api/debates/queue | in a matchmaking cooldown': async (c) => {
    if (c.as) {
      const now = Date.now();
      await c.t.database.db
        .insertInto('playbans')
        .values({
          userId: c.as.user.id,
          step: 0,
          givenAt: new Date(now).toISOString(),
          until: new Date(now + 10 * 60_000).toISOString(),
          lastStrikeAt: new Date(now).toISOString(),
        })
        .execute();
    }
    return asOutcome(await call(c, 'POST', '/api/debates/queue', { formatId: 'pf' }));
  },
  'POST /api/debates/queue | team-managed': async (c) => {
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'POST', '/api/debates/queue', { formatId: 'pf' }));
  },
  'DELETE /api/debates/queue': async (c) => {
    // A banned account cannot have joined: it is asked to leave a queue it is not in.
    if (c.as && c.actor !== 'banned') await ok(c, 'POST', '/api/debates/queue', { formatId: 'parli' }, c.as);
    return asOutcome(await call(c, 'DELETE', '/api/debates/queue'));
  },
  'GET /api/debates/history': (c) => call(c, 'GET', '/api/debates/history').then(asOutcome),
  'GET /api/debates/record': (c) => call(c, 'GET', '/api/debates/record').then(asOutcome),
  'GET /api/debates/progress': (c) => call(c, 'GET', '/api/debates/progress').then(asOutcome),
  'GET /api/media/check-servers': (c) => call(c, 'GET', '/api/media/check-servers').then(asOutcome),
  'GET /api/debates/:id/evidence': async (c) =>
    asOutcome(await call(c, 'GET', `/api/debates/${(await makeDebate(c, c.owner)).id}/evidence`)),
  'GET /api/debates/:id/evidence | a round with a minor': async (c) => {
    const { id } = await minorsRound(c, { isEvidencePublic: true });
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/evidence`));
  },
  'GET /api/debates/:id/evidence/:evidenceId/file | a round with a minor': async (c) => {
    const { id } = await minorsRound(c, { isEvidencePublic: true });
    const shared = await c.t.app.inject({
      method: 'POST',
      url: `/api/debates/${id}/evidence/files?name=card.txt`,
      headers: { 'content-type': 'text/plain', cookie: c.owner.cookie },
      payload: 'A card.',
    });
    const evidenceId = (shared.json() as { evidence: { id: number } }).evidence.id;
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/evidence/${evidenceId}/file`));
  },
  'POST /api/debates/:id/evidence/files': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(
      await c.t.app.inject({
        method: 'POST',
        url: `/api/debates/${id}/evidence/files?name=card.txt`,
        headers: { 'content-type': 'text/plain', ...(c.as ? { cookie: c.as.cookie } : {}) },
        payload: 'A card.',
      }),
    );
  },
  'POST /api/debates/:id/evidence/notes': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/evidence/notes`, { kind: 'text', text: 'A card.' }));
  },
  'GET /api/debates/:id/evidence/:evidenceId/file': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    const shared = await c.t.app.inject({
      method: 'POST',
      url: `/api/debates/${id}/evidence/files?name=card.txt`,
      headers: { 'content-type': 'text/plain', cookie: c.owner.cookie },
      payload: 'A card.',
    });
    const evidenceId = (shared.json() as { evidence: { id: number } }).evidence.id;
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/evidence/${evidenceId}/file`));
  },
  'PUT /api/debates/:id/evidence/visibility': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/evidence/visibility`, { isPublic: true }));
  },
  'GET /api/debates/:id/replay': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    await call(c, 'POST', `/api/debates/${id}/forfeit`, undefined, c.owner);
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/replay`));
  },
  'PUT /api/debates/:id/recording-consent': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true }));
  },
  'POST /api/debates/:id/recordings': async (c) => {
    const { id } = await recordedDebate(c);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' }));
  },
  'GET /api/debates/:id/recordings': async (c) =>
    asOutcome(await call(c, 'GET', `/api/debates/${(await makeDebate(c, c.owner)).id}/recordings`)),
  'DELETE /api/debates/:id/recordings': async (c) =>
    asOutcome(await call(c, 'DELETE', `/api/debates/${(await makeDebate(c, c.owner)).id}/recordings`)),
  'GET /api/debates/:id/recordings/:recordingId/media': async (c) => {
    const { id, recordingId } = await recordedChunk(c);
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`));
  },
  'POST /api/debates/:id/recordings/:recordingId/chunks': async (c) => {
    const { id, recordingId } = await recordedDebate(c).then(async (d) => ({
      id: d.id,
      recordingId: (
        (await ok(c, 'POST', `/api/debates/${d.id}/recordings`, { mimeType: 'video/webm' }, c.owner)) as {
          recording: { id: number };
        }
      ).recording.id,
    }));
    return asOutcome(
      await c.t.app.inject({
        method: 'POST',
        url: `/api/debates/${id}/recordings/${recordingId}/chunks?seq=0`,
        headers: { 'content-type': 'video/webm', ...(c.as ? { cookie: c.as.cookie } : {}) },
        payload: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      }),
    );
  },
  'GET /api/debates/:id/flow': async (c) =>
    asOutcome(await call(c, 'GET', `/api/debates/${(await makeDebate(c, c.owner)).id}/flow`)),
  'PUT /api/debates/:id/flow': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    const columns = [[{ text: 'Framework', isExtension: false }]];
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/flow`, { columns }));
  },
  'GET /api/debates/:id/team-flow': async (c) =>
    asOutcome(await call(c, 'GET', `/api/debates/${await makeTeamRound(c)}/team-flow`)),
  'PATCH /api/debates/:id/team-flow': async (c) => {
    const cells = [{ column: 0, row: 0, text: 'Framework', isExtension: false }];
    return asOutcome(await call(c, 'PATCH', `/api/debates/${await makeTeamRound(c)}/team-flow`, { cells }));
  },
  'GET /api/teams': (c) => call(c, 'GET', '/api/teams').then(asOutcome),
  'POST /api/teams': (c) => call(c, 'POST', '/api/teams', { name: 'A team', school: 'A school' }).then(asOutcome),
  'POST /api/teams | a slur in its name': (c) =>
    call(c, 'POST', '/api/teams', { name: 'The tr4nny team', school: 'A school' }).then(asOutcome),
  'GET /api/teams/rounds/mine': (c) => call(c, 'GET', '/api/teams/rounds/mine').then(asOutcome),
  'GET /api/teams/join/:code': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'GET', `/api/teams/join/${team.joinCode}`));
  },
  'POST /api/teams/join/:code': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/teams/join/${team.joinCode}`));
  },
  'GET /api/teams/:id': async (c) => asOutcome(await call(c, 'GET', `/api/teams/${(await makeTeam(c, c.owner)).id}`)),
  'PUT /api/teams/:id': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/teams/${team.id}`, { name: 'Renamed', school: 'Probe High' }));
  },
  'POST /api/teams/:id/join-code': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/teams/${team.id}/join-code`, { enabled: true }));
  },
  'PUT /api/teams/:id/join-approval': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/teams/${team.id}/join-approval`, { isRequired: true }));
  },
  'POST /api/teams/:id/members/:userId/approve': async (c) => {
    const waiting = await fastUser(c.t);
    const team = await pendingJoin(c, waiting, c.owner);
    return asOutcome(await call(c, 'POST', `/api/teams/${team.id}/members/${waiting.user.id}/approve`));
  },
  'POST /api/teams/:id/members/:userId/decline': async (c) => {
    const waiting = await fastUser(c.t);
    const team = await pendingJoin(c, waiting, c.owner);
    return asOutcome(await call(c, 'POST', `/api/teams/${team.id}/members/${waiting.user.id}/decline`));
  },
  'PATCH /api/teams/:id/members/:userId': async (c) => {
    const team = await makeTeam(c, c.owner);
    const url = `/api/teams/${team.id}/members/${team.member.user.id}`;
    return asOutcome(await call(c, 'PATCH', url, { isJudge: true }));
  },
  'DELETE /api/teams/:id/members/:userId': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'DELETE', `/api/teams/${team.id}/members/${team.member.user.id}`));
  },
  'DELETE /api/teams/:id/members/:userId | team-managed, last team': async (c) => {
    // The owner is a team-managed member of one team (a fresh coach's); the actor tries to take it off the team.
    const coach = await fastUser(c.t);
    const { team } = (await ok(c, 'POST', '/api/teams', { name: 'Probe team', school: 'Probe High' }, coach)) as {
      team: { id: number; joinCode: string };
    };
    await ok(c, 'POST', `/api/teams/join/${team.joinCode}`, undefined, c.owner);
    await teamManaged(c.t, c.owner, coach.user.id);
    return asOutcome(await call(c, 'DELETE', `/api/teams/${team.id}/members/${c.owner.user.id}`));
  },
  'GET /api/teams/:id/members/:userId/progress': async (c) => {
    const team = await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'GET', `/api/teams/${team.id}/members/${team.member.user.id}/progress`));
  },
  'GET /api/teams/:id/rounds': async (c) =>
    asOutcome(await call(c, 'GET', `/api/teams/${(await makeTeam(c, c.owner)).id}/rounds`)),
  'GET /api/teams/:id/rounds | pending member': async (c) =>
    asOutcome(await call(c, 'GET', `/api/teams/${(await pendingJoin(c, c.owner)).id}/rounds`)),
  'POST /api/teams/:id/rounds': async (c) => {
    const team = await makeTeam(c, c.owner);
    const other = await fastUser(c.t);
    await ok(c, 'POST', `/api/teams/join/${team.joinCode}`, undefined, other);
    const pairs = [{ aUserId: team.member.user.id, bUserId: other.user.id }];
    return asOutcome(await call(c, 'POST', `/api/teams/${team.id}/rounds`, { mode: 'manual', formatId: 'ld', pairs }));
  },
  'DELETE /api/teams/:id/rounds/:debateId': async (c) => {
    const team = await makeTeam(c, c.owner);
    const other = await fastUser(c.t);
    await ok(c, 'POST', `/api/teams/join/${team.joinCode}`, undefined, other);
    const pairs = [{ aUserId: team.member.user.id, bUserId: other.user.id }];
    const { rounds } = (await ok(
      c,
      'POST',
      `/api/teams/${team.id}/rounds`,
      { mode: 'manual', formatId: 'ld', pairs },
      c.owner,
    )) as { rounds: { debateId: number }[] };
    return asOutcome(await call(c, 'DELETE', `/api/teams/${team.id}/rounds/${rounds[0]!.debateId}`));
  },
  'GET /api/tournaments': (c) => call(c, 'GET', '/api/tournaments').then(asOutcome),
  'POST /api/tournaments': async (c) => {
    if (c.actor === 'owner') await makeTeam(c, c.owner);
    return asOutcome(await call(c, 'POST', '/api/tournaments', { ...PROBE_TOURNAMENT, entryMode: 'open' }));
  },
  'POST /api/tournaments/join/:code': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'code');
    return asOutcome(await call(c, 'POST', `/api/tournaments/join/${tournament.joinCode}`, {}));
  },
  'GET /api/tournaments/:id': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}`)),
  'GET /api/tournaments/:id | open entry': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, await fastUser(c.t), 'open')).id}`)),
  'POST /api/tournaments/:id/cohosts': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    const cohost = await fastUser(c.t);
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/cohosts`, { userId: cohost.user.id }));
  },
  'GET /api/tournaments/:id/entrants': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/entrants`)),
  'GET /api/tournaments/:id/entrants | published': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await startedTournament(c, c.owner)).id}/entrants`)),
  'POST /api/tournaments/:id/entrants': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}));
  },
  'DELETE /api/tournaments/:id/entrants/:entrantId': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    const { entrant } = (await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, c.owner)) as {
      entrant: { id: number };
    };
    return asOutcome(await call(c, 'DELETE', `/api/tournaments/${tournament.id}/entrants/${entrant.id}`));
  },
  'POST /api/tournaments/:id/entrants/:entrantId/confirm': async (c) => {
    // A Public Forum tournament of teams: someone enters naming the owner as their partner.
    const host = await fastUser(c.t);
    await makeTeam(c, host);
    const { tournament } = (await ok(
      c,
      'POST',
      '/api/tournaments',
      { ...PROBE_TOURNAMENT, formatId: 'pf', teamSize: 2, entryMode: 'open' },
      host,
    )) as {
      tournament: { id: number };
    };
    const { entrant } = (await ok(
      c,
      'POST',
      `/api/tournaments/${tournament.id}/entrants`,
      { partnerIds: [c.owner.user.id] },
      await fastUser(c.t),
    )) as {
      entrant: { id: number };
    };
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/entrants/${entrant.id}/confirm`));
  },
  'PUT /api/tournaments/:id/entrants/:entrantId/members/:userId': async (c) => {
    await makeTeam(c, c.owner);
    const { tournament } = (await ok(
      c,
      'POST',
      '/api/tournaments',
      { ...PROBE_TOURNAMENT, formatId: 'pf', teamSize: 2, entryMode: 'open' },
      c.owner,
    )) as {
      tournament: { id: number };
    };
    const partner = await fastUser(c.t);
    const { entrant } = (await ok(
      c,
      'POST',
      `/api/tournaments/${tournament.id}/entrants`,
      { partnerIds: [partner.user.id] },
      await fastUser(c.t),
    )) as {
      entrant: { id: number };
    };
    const replacement = await fastUser(c.t);
    return asOutcome(
      await call(c, 'PUT', `/api/tournaments/${tournament.id}/entrants/${entrant.id}/members/${partner.user.id}`, {
        userId: replacement.user.id,
      }),
    );
  },
  'GET /api/tournaments/:id | published': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await startedTournament(c)).id}`)),
  'GET /api/tournaments/:id/rounds': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/rounds`)),
  'GET /api/tournaments/:id/rounds | published': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await startedTournament(c)).id}/rounds`)),
  'GET /api/tournaments/:id/standings': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/standings`)),
  'GET /api/tournaments/:id/standings | published': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await startedTournament(c)).id}/standings`)),
  'GET /api/tournaments/:id/bracket': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/bracket`)),
  'GET /api/tournaments/:id/bracket | published': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await startedTournament(c)).id}/bracket`)),
  'GET /api/tournaments/:id/export/:file': async (c) =>
    asOutcome(
      await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'open')).id}/export/entries.csv`),
    ),
  'POST /api/tournaments/:id/publish': async (c) => {
    const tournament = await startedTournament(c, c.owner, false);
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/publish`));
  },
  'GET /api/tournaments/:id/judges': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/judges`)),
  'POST /api/tournaments/:id/judges': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    const judge = await fastUser(c.t);
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id }));
  },
  'DELETE /api/tournaments/:id/judges/:userId': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    const judge = await fastUser(c.t);
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id }, c.owner);
    return asOutcome(await call(c, 'DELETE', `/api/tournaments/${tournament.id}/judges/${judge.user.id}`));
  },
  'PUT /api/tournaments/:id/judges/:userId/conflicts': async (c) => {
    const host = await fastUser(c.t);
    const tournament = await makeTournament(c, host, 'open');
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: c.owner.user.id }, host);
    const url = `/api/tournaments/${tournament.id}/judges/${c.owner.user.id}/conflicts`;
    return asOutcome(await call(c, 'PUT', url, { entrantIds: [] }));
  },
  'PUT /api/tournaments/:id/rounds/:number/availability': async (c) => {
    const host = await fastUser(c.t);
    const tournament = await makeTournament(c, host, 'open');
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: c.owner.user.id }, host);
    const url = `/api/tournaments/${tournament.id}/rounds/1/availability`;
    return asOutcome(await call(c, 'PUT', url, { isAvailable: false }));
  },
  'PUT /api/tournaments/:id/judge-obligation': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    const url = `/api/tournaments/${tournament.id}/judge-obligation`;
    return asOutcome(await call(c, 'PUT', url, { entrantsPerJudge: 2 }));
  },
  'GET /api/tournaments/:id/judge-obligations': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'code');
    const team = await makeTeam(c, c.owner);
    await ok(c, 'POST', `/api/tournaments/join/${tournament.joinCode}`, { teamId: team.id }, team.member);
    return asOutcome(await call(c, 'GET', `/api/tournaments/${tournament.id}/judge-obligations`));
  },
  'GET /api/tournaments/judges-owed': (c) => call(c, 'GET', '/api/tournaments/judges-owed').then(asOutcome),
  'GET /api/tournaments/:id/team-judges': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    const team = await makeTeam(c, c.owner);
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, { teamId: team.id }, team.member);
    return asOutcome(await call(c, 'GET', `/api/tournaments/${tournament.id}/team-judges`));
  },
  'POST /api/tournaments/:id/team-judges': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    const team = await makeTeam(c, c.owner);
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, { teamId: team.id }, team.member);
    // The coach brings themselves, an adult member of their team.
    const body = { teamId: team.id, userId: c.owner.user.id };
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/team-judges`, body));
  },
  'DELETE /api/tournaments/:id/team-judges/:userId': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    const team = await makeTeam(c, c.owner);
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, { teamId: team.id }, team.member);
    const url = `/api/tournaments/${tournament.id}/team-judges`;
    await ok(c, 'POST', url, { teamId: team.id, userId: c.owner.user.id }, c.owner);
    return asOutcome(await call(c, 'DELETE', `${url}/${c.owner.user.id}`));
  },
  'GET /api/tournaments/:id/paradigms': async (c) => {
    const tournament = await makeTournament(c, await fastUser(c.t), 'open');
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, c.owner);
    return asOutcome(await call(c, 'GET', `/api/tournaments/${tournament.id}/paradigms`));
  },
  'GET /api/tournaments/:id/motions': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/motions`)),
  'PUT /api/tournaments/:id/rounds/:number/motion': async (c) => {
    await makeTeam(c, c.owner);
    const parli = { ...PROBE_TOURNAMENT, formatId: 'parli', entryMode: 'open' };
    const { tournament } = (await ok(c, 'POST', '/api/tournaments', parli, c.owner)) as { tournament: { id: number } };
    const url = `/api/tournaments/${tournament.id}/rounds/1/motion`;
    return asOutcome(await call(c, 'PUT', url, { motion: 'This House would ban homework.' }));
  },
  'GET /api/tournaments/:id/schedule': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await makeTournament(c, c.owner, 'code')).id}/schedule`)),
  'PUT /api/tournaments/:id/schedule': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    const startsAt = [new Date(Date.now() + 60 * 60_000).toISOString()];
    return asOutcome(await call(c, 'PUT', `/api/tournaments/${tournament.id}/schedule`, { startsAt }));
  },
  'POST /api/tournaments/:id/check-in': async (c) => {
    // Round 1 starts in 5 minutes: its check-in is open; the owner is an entrant.
    const host = await fastUser(c.t);
    await makeTeam(c, host);
    const roundStartsAt = [new Date(Date.now() + 5 * 60_000).toISOString()];
    const { tournament } = (await ok(
      c,
      'POST',
      '/api/tournaments',
      { ...PROBE_TOURNAMENT, entryMode: 'open', roundStartsAt },
      host,
    )) as { tournament: { id: number } };
    await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, c.owner);
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/check-in`));
  },
  'POST /api/tournaments/:id/rounds/:number/release': async (c) => {
    const tournament = await makeTournament(c, c.owner, 'open');
    for (let i = 0; i < 2; i++) {
      await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, await fastUser(c.t));
    }
    return asOutcome(await call(c, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`));
  },
  'PATCH /api/tournaments/:id/pairings/:pairingId': async (c) => {
    const { id, pairing } = await hostedPairing(c);
    return asOutcome(await call(c, 'PATCH', `/api/tournaments/${id}/pairings/${pairing.id}`, { swapSides: true }));
  },
  'POST /api/tournaments/:id/rounds/:number/repair': async (c) => {
    const { id, round } = await hostedPairing(c);
    return asOutcome(await call(c, 'POST', `/api/tournaments/${id}/rounds/1/repair`, { releasedAt: round.releasedAt }));
  },
  'POST /api/tournaments/:id/pairings/:pairingId/corrections': async (c) => {
    const { id, pairing, entrants } = await hostedPairing(c);
    // A confirmed result: one debater resigns (the other wins); the correction gives it to the one who resigned.
    await ok(c, 'POST', `/api/debates/${pairing.debateId}/forfeit`, undefined, entrants[0]!);
    const { rounds } = (await ok(c, 'GET', `/api/tournaments/${id}/rounds`, undefined, c.owner)) as {
      rounds: { pairings: { id: number; aff: { userId: string } | null }[] }[];
    };
    const aff = rounds[0]!.pairings.find((p) => p.id === pairing.id)!.aff!;
    const winner = aff.userId === entrants[0]!.user.id ? 'aff' : 'neg';
    return asOutcome(
      await call(c, 'POST', `/api/tournaments/${id}/pairings/${pairing.id}/corrections`, {
        winner,
        reason: 'The forfeit was a dropped connection.',
      }),
    );
  },
  'PATCH /api/tournaments/:id/bp-rooms/:roomId': async (c) => {
    const { url, change } = await unstartedBpRoomOf(c.t, c.owner);
    return asOutcome(await call(c, 'PATCH', url, change));
  },
  'POST /api/tournaments/:id/bp-rooms/:roomId/corrections': async (c) => {
    const { url, correction } = await judgedBpRoomOf(c.t, c.owner);
    return asOutcome(await call(c, 'POST', url, correction));
  },
  'GET /api/tournaments/:id/audit': async (c) =>
    asOutcome(await call(c, 'GET', `/api/tournaments/${(await hostedPairing(c)).id}/audit`)),
  'POST /api/debates/challenges': (c) => call(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }).then(asOutcome),
  'POST /api/debates/challenges | no month of birth': async (c) => {
    await withoutBirthMonth(c);
    return asOutcome(await call(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }));
  },
  'POST /api/debates/challenges | team-managed': async (c) => {
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }));
  },
  'POST /api/debates/challenges/:token/accept | team-managed': async (c) => {
    const { challenge } = (await ok(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }, c.owner)) as {
      challenge: { token: string };
    };
    if (c.as) await teamManaged(c.t, c.as);
    const response = await call(c, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
    return { status: response.statusCode, tookEffect: response.statusCode === 200 };
  },
  'GET /api/debates/challenges/:token': async (c) => {
    const { challenge } = (await ok(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }, c.owner)) as {
      challenge: { token: string };
    };
    return asOutcome(await call(c, 'GET', `/api/debates/challenges/${challenge.token}`));
  },
  'POST /api/debates/challenges/:token/accept | a minor’s challenge': async (c) => {
    await makeMinor(c, c.owner);
    const { challenge } = (await ok(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }, c.owner)) as {
      challenge: { token: string };
    };
    return asOutcome(await call(c, 'POST', `/api/debates/challenges/${challenge.token}/accept`));
  },
  'POST /api/debates/challenges/:token/accept': async (c) => {
    const { challenge } = (await ok(c, 'POST', '/api/debates/challenges', { formatId: 'ld' }, c.owner)) as {
      challenge: { token: string };
    };
    const response = await call(c, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
    // Accepting one's own challenge is refused as a conflict (with its own message), not a 403.
    return { status: response.statusCode, tookEffect: response.statusCode === 200 };
  },
  'GET /api/debates/partners': (c) => call(c, 'GET', '/api/debates/partners?formatId=pf').then(asOutcome),
  'POST /api/debates/partner-links': (c) =>
    call(c, 'POST', '/api/debates/partner-links', { formatId: 'pf' }).then(asOutcome),
  'POST /api/debates/partner-links | team-managed': async (c) => {
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'POST', '/api/debates/partner-links', { formatId: 'pf' }));
  },
  'GET /api/debates/partner-links/:token': async (c) => {
    const { link } = (await ok(c, 'POST', '/api/debates/partner-links', { formatId: 'pf' }, c.owner)) as {
      link: { token: string };
    };
    return asOutcome(await call(c, 'GET', `/api/debates/partner-links/${link.token}`));
  },
  'POST /api/debates/partner-links/:token/accept': async (c) => {
    const { link } = (await ok(c, 'POST', '/api/debates/partner-links', { formatId: 'pf' }, c.owner)) as {
      link: { token: string };
    };
    // Accepting one's own link is refused as bad input (with its own message), not a 403.
    return asOutcome(await call(c, 'POST', `/api/debates/partner-links/${link.token}/accept`));
  },
  'GET /api/debates/:id': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'GET', `/api/debates/${id}`));
  },
  'POST /api/debates/:id/clock': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    const { path: url, body } = clock(id, 'start_speech');
    return asOutcome(await call(c, 'POST', url, body));
  },
  'POST /api/debates/:id/judge': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/judge`));
  },
  'POST /api/debates/:id/judge | no month of birth': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    await withoutBirthMonth(c);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/judge`));
  },
  'POST /api/debates/:id/judge | team-managed': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    if (c.as) await teamManaged(c.t, c.as);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/judge`));
  },
  'POST /api/debates/:id/judge | a round with a minor': async (c) => {
    const { id } = await minorsRound(c);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/judge`));
  },
  'PUT /api/debates/:id/spectator-watch': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/spectator-watch`, { allow: true }));
  },
  'GET /api/debates/:id/tournament': async (c) => {
    // Round 1 of an open tournament the owner entered: anyone signed in may watch it and see the tournament.
    const host = await fastUser(c.t);
    const tournament = await makeTournament(c, host, 'open');
    for (const entrant of [c.owner, await fastUser(c.t)]) {
      await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, entrant);
    }
    const { round } = (await ok(c, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`, undefined, host)) as {
      round: { pairings: { debateId: number }[] };
    };
    return asOutcome(await call(c, 'GET', `/api/debates/${round.pairings[0]!.debateId}/tournament`));
  },
  'POST /api/debates/:id/coin-flip': async (c) => {
    // A Public Forum tournament's round 1 with the owner and one other entrant; the owner is the coin flip's winner.
    const host = await fastUser(c.t);
    await makeTeam(c, host);
    const { tournament } = (await ok(
      c,
      'POST',
      '/api/tournaments',
      { ...PROBE_TOURNAMENT, formatId: 'pf', entryMode: 'open' },
      host,
    )) as { tournament: { id: number } };
    for (const entrant of [c.owner, await fastUser(c.t)]) {
      await ok(c, 'POST', `/api/tournaments/${tournament.id}/entrants`, {}, entrant);
    }
    const { round } = (await ok(c, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`, undefined, host)) as {
      round: { pairings: { debateId: number }[] };
    };
    const debateId = round.pairings[0]!.debateId;
    await c.t.database.db
      .updateTable('debates')
      .set({ coinFlipWinnerId: c.owner.user.id })
      .where('id', '=', debateId)
      .execute();
    return asOutcome(await call(c, 'POST', `/api/debates/${debateId}/coin-flip`, { choice: 'aff' }));
  },
  'POST /api/debates/:id/judge-invites': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/judge-invites`));
  },
  'POST /api/debates/:id/ballots': async (c) => {
    const { id } = await makeDebate(c, await fastUser(c.t));
    await ok(c, 'POST', `/api/debates/${id}/judge`, undefined, c.owner);
    await c.t.database.db.updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', id).execute();
    const ballot = { winnerSide: 'a', speakerPoints: { a: 28.5, b: 27 }, reason: 'Clearer weighing.' };
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/ballots`, ballot));
  },
  'POST /api/debates/:id/forfeit': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/forfeit`));
  },
  'PUT /api/debates/:id/replay-privacy': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/replay-privacy`, { isPrivate: true }));
  },
  'GET /api/debates/:id/meeting-link': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'GET', `/api/debates/${id}/meeting-link`));
  },
  'PUT /api/debates/:id/external-link': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'PUT', `/api/debates/${id}/external-link`, { link: 'https://meet.jit.si/x' }));
  },
  'POST /api/debates/:id/messages': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    return asOutcome(await call(c, 'POST', `/api/debates/${id}/messages`, { text: 'Good luck' }));
  },
  'POST /api/auth/sign-in/email': async (c) => {
    const account = await realAccount(c.t);
    return asOutcome(
      await call(c, 'POST', '/api/auth/sign-in/email', { email: account.email, password: DEFAULT_TEST_PASSWORD }),
    );
  },
  'POST /api/auth/update-user': async (c) =>
    asOutcome(await call(c, 'POST', '/api/auth/update-user', { name: 'Same Person' })),
  'POST /api/auth/sign-up/email': (c) =>
    // A password one character short: the request passes every gate and reaches validation (400), without
    // paying for a password hash per actor; buildUser covers the successful sign-up.
    call(c, 'POST', '/api/auth/sign-up/email', {
      name: 'New',
      email: `${randomUUID()}@example.test`,
      password: 'short',
    }).then((r) => ({
      status:
        r.statusCode === 400 && r.json<{ error: { code: string } }>().error.code === 'validation_failed'
          ? 200
          : r.statusCode,
    })),
  '* /api/auth/admin/*': async (c) => {
    // Every admin-plugin endpoint, each answered 404 by our guard before better-auth sees it.
    let worst = 404;
    for (const ep of authEndpoints(c.t.app).filter((e) => e.url.startsWith('/api/auth/admin/'))) {
      const status = (
        await call(c, ep.method, ep.url, ep.method === 'GET' ? undefined : { userId: c.owner.user.id, role: 'admin' })
      ).statusCode;
      if (status !== 404) worst = status;
    }
    return { status: worst };
  },
  'GET /api/auth/*': (c) => call(c, 'GET', '/api/auth/ok').then(asOutcome),
  'POST /api/auth/*': (c) => call(c, 'POST', '/api/auth/sign-out', {}).then(asOutcome),
  'GET /api/docs': (c) => call(c, 'GET', '/api/docs').then(asOutcome),
  'GET /api/docs/json': (c) => call(c, 'GET', '/api/docs/json').then(asOutcome),
  'GET /api/docs/yaml': (c) => call(c, 'GET', '/api/docs/yaml').then(asOutcome),
  'GET /api/docs/static/index.html': (c) => call(c, 'GET', '/api/docs/static/index.html').then(asOutcome),
  'GET /api/docs/static/swagger-initializer.js': (c) =>
    call(c, 'GET', '/api/docs/static/swagger-initializer.js').then(asOutcome),
  'HEAD /api/docs/': (c) => call(c, 'HEAD', '/api/docs/').then(asOutcome),
  'GET /api/docs/static/*': (c) => call(c, 'GET', '/api/docs/static/swagger-ui.css').then(asOutcome),
};

const realAccounts = new WeakMap<TTestApp, Promise<TSessionUser>>();
/** One account per app with a real password (sign-up hashes it once). */
function realAccount(t: TTestApp): Promise<TSessionUser> {
  let pending = realAccounts.get(t);
  if (!pending) {
    pending = buildUser(t).then((b) => b.user);
    realAccounts.set(t, pending);
  }
  return pending;
}

/** Statuses that count as a refusal for a route, besides 401 and 403. */
const EXTRA_REFUSALS: Record<string, number[]> = {
  '* /api/auth/admin/*': [404],
  'POST /api/auth/get-session': [405],
  'GET /api/auth/delete-user/callback': [404],
  'POST /api/debates/challenges/:token/accept': [409],
  'POST /api/debates/partner-links/:token/accept': [400],
  'POST /api/debates/challenges/:token/accept | a minor’s challenge': [409],
  // What is written, not who writes it: the text filter's refusal is a validation error.
  'POST /api/teams | a slur in its name': [400],
  'POST /api/debates/:id/judge': [],
  // An account limited to its teams has no public profile: others are answered as for an account that does not exist.
  'GET /api/users/:id | team-managed': [404],
  'GET /api/users/:id | team-managed, pending teammate': [404],
  // Someone else's notice is not found.
  'POST /api/notices/:id/appeal': [404],
  // A tournament entered by code is found through its code: to others it does not exist.
  'GET /api/tournaments/:id': [404],
  'GET /api/tournaments/:id/entrants': [404],
  'GET /api/tournaments/:id/rounds': [404],
  'GET /api/tournaments/:id/standings': [404],
  'GET /api/tournaments/:id/bracket': [404],
  'GET /api/tournaments/:id/judges': [404],
  'GET /api/tournaments/:id/judge-obligations': [404],
  'GET /api/tournaments/:id/motions': [404],
  'GET /api/tournaments/:id/schedule': [404],
};

function classify(key: string, outcome: TOutcome): TVerdict | string {
  if (outcome.status >= 500) return `server error ${outcome.status}`;
  if (outcome.tookEffect === false && outcome.status < 300) return 'deny';
  if (outcome.status < 400) return outcome.tookEffect === false ? 'deny' : 'allow';
  if (outcome.status === 401 || outcome.status === 403) return 'deny';
  if (EXTRA_REFUSALS[key]?.includes(outcome.status)) return 'deny';
  if (outcome.tookEffect === false) return 'deny';
  return `unexpected status ${outcome.status}`;
}

/** Runs one entry for every actor; returns the differences from the table. */
async function checkEntry(t: TTestApp, baseUrl: string, key: string, r: TAccessRule, probe: TProbe): Promise<string[]> {
  const problems: string[] = [];
  const run = async (actor: TActor) => {
    const expected = r.verdicts[actor];
    if (expected === '-') return;
    const owner = await fastUser(t);
    const as = await identityOf(t, actor, owner);
    try {
      const got = classify(key, await probe({ t, actor, as, owner, baseUrl }));
      if (got !== expected) problems.push(`${key} as ${actor}: expected ${expected}, got ${got}`);
    } catch (error) {
      problems.push(`${key} as ${actor}: ${(error as Error).message}`);
    }
  };
  // Two people in the queue at once would be matched with each other: queue entries run one actor at a time.
  if (key.includes('/api/debates/queue')) for (const actor of ACTORS) await run(actor);
  else await Promise.all(ACTORS.map(run));
  return problems;
}

/**
 * Bodies that pass better-auth's own validation (it validates before it checks the session), so that what
 * answers is the session gate or the endpoint itself. Tokens and passwords are wrong on purpose: nothing changes.
 */
const AUTH_BODIES: Record<string, unknown> = {
  '/api/auth/sign-in/social': { provider: 'google', callbackURL: '/' },
  '/api/auth/reset-password': { newPassword: 'a new long password', token: 'not-a-real-token' },
  '/api/auth/verify-password': { password: 'not the password' },
  '/api/auth/send-verification-email': { email: 'nobody@example.test' },
  '/api/auth/change-email': { newEmail: 'someone-else@example.test' },
  '/api/auth/change-password': { currentPassword: 'not the password', newPassword: 'a new long password' },
  '/api/auth/update-session': {},
  '/api/auth/update-user': { name: 'Same Person' },
  '/api/auth/delete-user': { password: 'not the password' },
  '/api/auth/request-password-reset': { email: 'nobody@example.test' },
  '/api/auth/revoke-session': { token: 'not-a-real-token' },
  '/api/auth/link-social': { provider: 'google' },
  '/api/auth/unlink-account': { providerId: 'google', accountId: 'not-an-account' },
  '/api/auth/refresh-token': { accountId: 'not-an-account' },
  '/api/auth/get-access-token': { accountId: 'not-an-account' },
};
const AUTH_QUERIES: Record<string, string> = {
  '/api/auth/verify-email': '?token=not-a-real-token&callbackURL=/',
  '/api/auth/delete-user/callback': '?token=not-a-real-token',
  '/api/auth/account-info': '?accountId=not-an-account',
  '/api/auth/reset-password/:token': '?callbackURL=/',
  '/api/auth/callback/:id': '?state=not-a-real-state&code=x',
};

/** better-auth endpoints: past the session gate (any answer of the endpoint itself) or refused by it (401/403). */
function authProbe(ep: TRouteRecord): TProbe {
  const url = ep.url.replace(':id', 'google').replace(':token', 'not-a-real-token') + (AUTH_QUERIES[ep.url] ?? '');
  return async (c) => {
    const response = await call(c, ep.method, url, ep.method === 'GET' ? undefined : (AUTH_BODIES[ep.url] ?? {}));
    // A 400 or 404 from the endpoint (a wrong token, no Google configured) means the gate let the actor through.
    const isValidationError = response.statusCode === 400 && response.body.includes('VALIDATION_ERROR');
    const isEndpointAnswer =
      [400, 404, 302].includes(response.statusCode) && !isValidationError && !EXTRA_REFUSALS[`${ep.method} ${ep.url}`];
    return { status: isEndpointAnswer ? 200 : response.statusCode };
  };
}

// ---- Socket events ----

type TSocketProbe = (c: TCtx & { socket: TTestSocket }) => Promise<TAck<unknown> | { effect: boolean }>;

async function inRoom(t: TTestApp, room: string, socket: TTestSocket): Promise<boolean> {
  return (await t.app.realtime.in(room).fetchSockets()).some((s) => s.id === socket.id);
}

/** Clock setups: the owner (side a) drives the clock to where the action makes sense. */
async function clockProbe(c: TCtx & { socket: TTestSocket }, action: string, before: string[]) {
  const { id } = await makeDebate(c, c.owner);
  for (const step of before) await ok(c, 'POST', `/api/debates/${id}/clock`, { action: step }, c.owner);
  return ask(c.socket, `debate.${action}`, { debateId: id });
}

/** Shaped as a session description (`v=0`, a media section), so the probe reaches the door, not the schema. */
const PROBE_SDP = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

const SOCKET_PROBES: Record<string, TSocketProbe> = {
  ping: (c) =>
    new Promise((resolve) => (c.socket.emit as (n: string, cb: (r: TAck<unknown>) => void) => void)('ping', resolve)),
  'chat.join': (c) => ask(c.socket, 'chat.join', {}),
  'chat.leave': async (c) => {
    await ask(c.socket, 'chat.join', {});
    const wasIn = await inRoom(c.t, 'chat:community', c.socket);
    c.socket.emit('chat.leave');
    await new Promise((r) => setTimeout(r, 100));
    return { effect: wasIn && !(await inRoom(c.t, 'chat:community', c.socket)) };
  },
  'message.send': (c) => ask(c.socket, 'message.send', { clientId: randomUUID(), text: 'hello' }),
  'message.delete': async (c) => {
    const ownerSocket = await connectClient(c.baseUrl, c.owner.cookie);
    try {
      const sent = (await ask(ownerSocket, 'message.send', { clientId: randomUUID(), text: 'mine' })) as TAck<{
        message: { id: number };
      }>;
      if (!sent.ok) throw new Error(`setup: ${sent.error.message}`);
      return await ask(c.socket, 'message.delete', { id: sent.data.message.id });
    } finally {
      ownerSocket.disconnect();
    }
  },
  'debate.join': async (c) => ask(c.socket, 'debate.join', { debateId: (await makeDebate(c, c.owner)).id }),
  'debate.leave': async (c) => {
    const { id } = await makeDebate(c, c.owner);
    await ask(c.socket, 'debate.join', { debateId: id });
    const wasIn = await inRoom(c.t, `debate:${id}`, c.socket);
    c.socket.emit('debate.leave', { debateId: id });
    // No acknowledgement: wait (up to 2 s, a busy machine) for the room to lose the socket.
    for (let waited = 0; waited < 2000 && (await inRoom(c.t, `debate:${id}`, c.socket)); waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return { effect: wasIn && !(await inRoom(c.t, `debate:${id}`, c.socket)) };
  },
  'debate.start_speech': (c) => clockProbe(c, 'start_speech', []),
  'debate.end_speech': (c) => clockProbe(c, 'end_speech', ['start_speech']),
  'debate.start_prep': (c) => clockProbe(c, 'start_prep', ['start_speech', 'end_speech']),
  'debate.end_prep': (c) => clockProbe(c, 'end_prep', ['start_speech', 'end_speech', 'start_prep']),
  'debate.pause': (c) => clockProbe(c, 'pause', ['start_speech']),
  'debate.resume': (c) => clockProbe(c, 'resume', ['start_speech', 'pause']),
  'debate.send_message': async (c) =>
    ask(c.socket, 'debate.send_message', { debateId: (await makeDebate(c, c.owner)).id, text: 'hi' }),
  'debate.send_partner_message': async (c) =>
    ask(c.socket, 'debate.send_partner_message', { debateId: await makeTeamRound(c), text: 'hi' }),
  'debate.offer_poi': async (c) =>
    ask(c.socket, 'debate.offer_poi', { debateId: (await makeDebate(c, c.owner)).id, kind: 'poi' }),
  'debate.answer_poi': async (c) =>
    ask(c.socket, 'debate.answer_poi', { debateId: (await makeDebate(c, c.owner)).id, poiId: 1, accept: true }),
  'debate.signal': async (c) =>
    ask(c.socket, 'debate.signal', { debateId: (await makeDebate(c, c.owner)).id, signal: { type: 'hello' } }),
  // Every actor joins as a spectator (a visitor cannot: refused at the join), then says hello to the room.
  'debate.signal | a round with a minor': async (c) => {
    const { id } = await minorsRound(c);
    const joined = await ask(c.socket, 'debate.join', { debateId: id });
    if (!joined.ok) return joined;
    return ask(c.socket, 'debate.signal', { debateId: id, signal: { type: 'hello' } });
  },
  'sfu.publish': (c) => sfuProbe(c, 'sfu.publish', { offer: PROBE_SDP }),
  'sfu.unpublish': (c) => sfuProbe(c, 'sfu.unpublish', {}),
  'sfu.feeds': (c) => sfuProbe(c, 'sfu.feeds', {}),
  'sfu.subscribe': (c) => sfuProbe(c, 'sfu.subscribe', { feedUserId: c.owner.user.id }),
  'sfu.start': (c) => sfuProbe(c, 'sfu.start', { subscriptionId: 'x', answer: PROBE_SDP }),
  'sfu.leave': (c) => sfuProbe(c, 'sfu.leave', {}),
  // A tournament entered by code is unknown to whoever may not see it: that not_found is its refusal.
  'tournament.watch': async (c) => {
    const reply = await ask(c.socket, 'tournament.watch', {
      tournamentId: (await makeTournament(c, c.owner, 'code')).id,
    });
    return !reply.ok && reply.error.code === 'not_found' ? { effect: false } : reply;
  },
  'tournament.unwatch': async (c) => {
    const { id } = await makeTournament(c, c.owner, 'code');
    await ask(c.socket, 'tournament.watch', { tournamentId: id });
    const wasIn = await inRoom(c.t, `tournament:${id}`, c.socket);
    c.socket.emit('tournament.unwatch', { tournamentId: id });
    for (let waited = 0; waited < 2000 && (await inRoom(c.t, `tournament:${id}`, c.socket)); waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return { effect: wasIn && !(await inRoom(c.t, `tournament:${id}`, c.socket)) };
  },
};

/**
 * A media server request in the owner's round, with the grant the actor's join gave (none here: the matrix runs
 * without JANUS_URL, and the server refuses with `media_server_off`, a request that does nothing).
 */
async function sfuProbe(c: TCtx & { socket: TTestSocket }, event: string, extra: object) {
  const { id } = await makeDebate(c, c.owner);
  const joined = (await ask(c.socket, 'debate.join', { debateId: id })) as TAck<{ sfu?: { token: string } }>;
  const token = joined.ok ? (joined.data.sfu?.token ?? 'no-grant') : 'no-grant';
  const reply = await ask(c.socket, event, { debateId: id, token, ...extra });
  return !reply.ok && reply.error.reason === 'media_server_off' ? { effect: false } : reply;
}

/** The state each socket case needs, set before its actors run and undone after (no other entry runs meanwhile). */
const SOCKET_CASES: Record<string, { set: (t: TTestApp, on: boolean) => Promise<void> }> = {
  'message.send | chat locked': {
    set: async (t, on) => {
      await t.database.db
        .updateTable('chatSettings')
        .set({ isLocked: on ? 1 : 0 })
        .where('id', '=', 1)
        .execute();
    },
  },
};

function classifyAck(reply: TAck<unknown> | { effect: boolean }): TVerdict | string {
  if ('effect' in reply) return reply.effect ? 'allow' : 'deny';
  if (reply.ok) return 'allow';
  if (reply.error.code === 'unauthenticated' || reply.error.code === 'forbidden') return 'deny';
  return `unexpected ${reply.error.code}: ${reply.error.message}`;
}

const docsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/security.md');
const START = '<!-- authorization-matrix:start (generated by npm run security:docs) -->';
const END = '<!-- authorization-matrix:end -->';

describe.each(TEST_ENGINES)('authorization matrix on %s', (engine) => {
  let t: TTestApp;
  let routes: TRouteRecord[];
  let baseUrl: string;

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes(engine));
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => t?.close());

  const lookup = (method: string, url: string) =>
    HTTP_RULES[`${method} ${url}`] ? `${method} ${url}` : HTTP_RULES[`* ${url}`] ? `* ${url}` : undefined;

  it('has a reviewed entry for every route, better-auth endpoint and socket event, and a probe for each', async () => {
    const missing = routes.filter((r) => !lookup(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without an entry in authorization-table.ts').toEqual([]);
    const registered = new Set(routes.map((r) => lookup(r.method, r.url)));
    const stale = Object.keys(HTTP_RULES).filter((k) => !registered.has(k.split(' | ')[0]!));
    expect(stale, 'entries for routes that no longer exist').toEqual([]);

    const endpoints = authEndpoints(t.app).filter((e) => !e.url.startsWith('/api/auth/admin/'));
    const missingAuth = endpoints.map((e) => `${e.method} ${e.url}`).filter((k) => !AUTH_ENDPOINT_RULES[k]);
    expect(missingAuth, 'better-auth endpoints without an entry').toEqual([]);

    const { cookie } = await fastUser(t);
    const events = await listSocketEvents(t, cookie);
    expect(
      events.filter((e) => !(e in SOCKET_RULES)),
      'socket events without an entry',
    ).toEqual([]);
    expect(
      Object.keys(SOCKET_RULES).filter((e) => !events.includes(e.split(' | ')[0]!)),
      'entries for unknown events',
    ).toEqual([]);

    expect(Object.keys(HTTP_RULES).filter((k) => !HTTP_PROBES[k])).toEqual([]);
    expect(Object.keys(SOCKET_RULES).filter((k) => !SOCKET_PROBES[k])).toEqual([]);
  });

  it('makes the same session cookie as a real sign-up (so the quick users below are real sessions)', async () => {
    const { user, cookie } = await buildUser(t);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('token')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(signedSessionCookie(session.token, t.config.authSecret!)).toBe(cookie);
    const quick = await fastUser(t, 'moderator');
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: quick.cookie } });
    expect(me.json()).toMatchObject({ user: { id: quick.user.id, role: 'moderator' } });
  });

  it('HTTP routes: each actor is allowed or refused as the table says', async () => {
    const problems: string[] = [];
    for (const [key, r] of Object.entries(HTTP_RULES)) {
      problems.push(...(await checkEntry(t, baseUrl, key, r, HTTP_PROBES[key]!)));
    }
    expect(problems).toEqual([]);
  }, 180_000); // ~200 rows × 6 actors through the real server: a budget for a loaded CI machine, not a timing.

  it('better-auth endpoints: the session gate lets through exactly who the table says', async () => {
    const problems: string[] = [];
    for (const ep of authEndpoints(t.app).filter((e) => !e.url.startsWith('/api/auth/admin/'))) {
      const key = `${ep.method} ${ep.url}`;
      // Our own routes answer sign-in and sign-up (checked above with real bodies).
      if (HTTP_RULES[key]) continue;
      problems.push(...(await checkEntry(t, baseUrl, key, AUTH_ENDPOINT_RULES[key]!, authProbe(ep))));
    }
    expect(problems).toEqual([]);
  });

  it('update-user never changes a role, score or ban, and admin endpoints cannot be reached', async () => {
    const me = await fastUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: me.cookie },
      payload: { name: 'Renamed', role: 'admin', score: 999_999, banned: false, email: 'x@example.test' },
    });
    expect(response.statusCode).toBeLessThan(500);
    const row = await t.database.db
      .selectFrom('users')
      .select(['role', 'score', 'email'])
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'user', score: 0, email: me.user.email });

    // Server-side helpers that take a userId must not act for someone else when called over HTTP.
    for (const url of ['/api/auth/get-access-token', '/api/auth/refresh-token']) {
      for (const cookie of [undefined, me.cookie]) {
        const other = await t.app.inject({
          method: 'POST',
          url,
          headers: cookie ? { cookie } : {},
          payload: { accountId: 'any', userId: (await realAccount(t)).id },
        });
        expect([400, 401, 403, 404], `${url}: ${other.body}`).toContain(other.statusCode);
        expect(other.body).not.toMatch(/accessToken"\s*:\s*"/);
      }
    }
  });

  it('socket events: each actor is allowed or refused as the table says', async () => {
    const problems: string[] = [];
    for (const [event, r] of Object.entries(SOCKET_RULES as Record<string, TAccessRule>))
      problems.push(...(await checkSocketEntry(event, r)));
    expect(problems).toEqual([]);
  }, 120_000); // ~25 events × 6 actors, each with its own setup: a budget for a loaded CI machine, not a timing.

  it('socket events in a particular state (the chat locked): each actor as the table says', async () => {
    const cases = Object.keys(SOCKET_CASE_RULES);
    expect(cases.filter((k) => !(k.split(' | ')[0]! in SOCKET_RULES) || !SOCKET_CASES[k])).toEqual([]);
    const problems: string[] = [];
    for (const [key, r] of Object.entries(SOCKET_CASE_RULES)) {
      const state = SOCKET_CASES[key]!;
      await state.set(t, true);
      try {
        problems.push(...(await checkSocketEntry(key.split(' | ')[0]!, r, key)));
      } finally {
        await state.set(t, false);
      }
    }
    expect(problems).toEqual([]);
  });

  /** Runs one socket entry for every actor at once; returns the differences from the table. */
  async function checkSocketEntry(event: string, r: TAccessRule, label = event): Promise<string[]> {
    const problems: string[] = [];
    await Promise.all(
      ACTORS.map(async (actor) => {
        const expected = r.verdicts[actor];
        if (expected === '-') return;
        const owner = await fastUser(t);
        const as = await identityOf(t, actor, owner);
        const socket = await connectClient(baseUrl, as?.cookie);
        try {
          const got = classifyAck(await SOCKET_PROBES[event]!({ t, actor, as, owner, socket, baseUrl }));
          if (got !== expected) problems.push(`${label} as ${actor}: expected ${expected}, got ${got}`);
        } catch (error) {
          problems.push(`${label} as ${actor}: ${(error as Error).message}`);
        } finally {
          socket.disconnect();
        }
      }),
    );
    return problems;
  }

  it('docs/security.md shows this table', async () => {
    const docs = fs.existsSync(docsPath) ? fs.readFileSync(docsPath, 'utf8') : '';
    const start = docs.indexOf(START);
    const end = docs.indexOf(END);
    if (start < 0 || end < 0) throw new Error(`docs/security.md needs the markers ${START} and ${END}`);
    const options = { ...(await prettier.resolveConfig(docsPath)), parser: 'markdown' };
    const expected = await prettier.format(
      `${docs.slice(0, start + START.length)}\n\n${renderAuthorizationTables()}\n${docs.slice(end)}`,
      options,
    );
    if (process.env.WRITE_SECURITY_DOCS === '1') fs.writeFileSync(docsPath, expected);
    else expect(docs, 'docs/security.md is stale: run `npm run security:docs`').toBe(expected);
  });
});
