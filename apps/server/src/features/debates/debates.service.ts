/** The room: reading a debate, the server-authoritative clock, the meeting link, the in-round chat, WebRTC signal routes, presence. */
import {
  applyClockAction,
  clockRefusal,
  isBeforeStart,
  isCoinFlipPending,
  ROUND_NOT_STARTED_MESSAGE,
  spokenIncrement,
  ClockError,
  REALTIME_ROOMS,
  type TClockAction,
  type TClockReply,
  type TClockState,
  type TDebate,
  type TDebateSummary,
  type TSessionUser,
  meetingLinkReadRefusal,
  meetingLinkRefusal,
  blockedPairRefusal,
  isRoomSignal,
  debatersOf,
  judgesOf,
  spectatorWatchRefusal,
  watchToggleRefusal,
  type TRtcSignal,
} from '@resolved/shared';
import { isBlockedByAny } from '../blocks/blocks.service';
import { nowIso } from '../../db/database';
import { AppError, refuse, refused } from '../../lib/errors';
import * as repo from './debates.repository';
import * as guards from './round-guards.repository';
import { panelBallotsOf, panelDebaterVotesOf, panelJudgeIdsOf } from './panels.service';
import { presentPanel } from './panel.presenter';
import * as roundChatRepo from './round-chat.repository';
import { listSeats } from './debate-seats.repository';
import { findBpRecord, findBpRoundResult } from './bp-results.repository';
import { forfeitedSeatRefusal, forfeitsOfRound, skipForfeitedSpeeches } from './bp-clock';
import {
  clockFromRow,
  coinFlipOfRow,
  db,
  debaterSeatsOf,
  debateNotFoundError,
  nowMs,
  requireDebate,
  roundSeatsOf,
  seatOfDebater,
  sideKeyOf,
  sideOf as sideOfRow,
} from './round-row';
import type { TDebateRow } from './debates.repository';
import { settleRound } from './awards';
import { findRoundViewRefusal } from './round-access';
import type { TDebatesDeps } from '../../context';
import { presentDebate, presentDebateSummary } from './debate.presenter';
import { listPois } from './pois.service';
import { teamOfRound } from '../memberships/memberships.service';
import { ratingsOf } from '../users/ratings.service';
import { listDebateAwards } from '../users/score-ledger.service';
import { findUserNames } from '../users/users.service';
import { inTransaction } from '../../db/transaction';
import { isSpectatorWatchAllowed, minorsOfRound } from './round-minors';

/** Who a minor meets in a round: what the judge's seat, evidence and the room's media read. */
export { isSpectatorWatchAllowed, minorsOfRound, roundHasMinor } from './round-minors';
/** Who must be in a live round's room (the forfeit watch), and each person's part in it. */
export { listLiveDebaters, notePresent, roleIn } from './round-presence';

export const LIST_LIMIT = 100;

/** Reads what the round's page shows beside the row (ballot, names, ratings, awards, team, POIs) and presents it. */
export async function loadDebate(deps: TDebatesDeps, row: TDebateRow): Promise<TDebate> {
  const tx = db(deps);
  const [ballot] = await repo.findBallots(db(deps), [Number(row.id)]);
  const panelIds = await panelJudgeIdsOf(tx, Number(row.id));
  const panelBallots = panelIds.length === 0 ? [] : await panelBallotsOf(tx, Number(row.id));
  const panelVotes = panelBallots.length === 0 ? [] : await panelDebaterVotesOf(tx, Number(row.id));
  const seats = await debaterSeatsOf(deps, row);
  const debaterIds = seats.map((seat) => seat.userId);
  const names = await findUserNames(
    tx,
    [...debaterIds, row.judgeId, ballot?.judgeId, ...panelIds].filter((v): v is string => !!v),
  );
  const ratings = await ratingsOf(db(deps), row.formatId, debaterIds);
  const awards = row.status === 'live' ? [] : await listDebateAwards(deps, Number(row.id));
  return presentDebate(row, {
    ballot,
    debaterPoints: ballot ? await repo.findDebaterPoints(tx, [Number(row.id)]) : [],
    names,
    ratings,
    awards,
    team: await teamOfRound(deps, row.teamId),
    pois: await listPois(deps, Number(row.id)),
    minors: await minorsOfRound(deps, row),
    seats,
    bpResult: row.formatId === 'bp' ? await findBpRoundResult(tx, Number(row.id), seats, names) : null,
    bpForfeits: await forfeitsOfRound(tx, row),
    panel: presentPanel(
      row.status,
      panelIds,
      panelBallots,
      names,
      panelVotes,
      seats.map((seat) => seat.userId),
    ),
  });
}

/**
 * Publishes the round as it is now to `debate:<id>` and returns the same snapshot (for the HTTP answer of the change).
 * The round's revision is counted up in the statement that reads the row, so each snapshot has its own, and one with
 * a higher revision was read later: clients keep the highest (`newerDebate`), whatever order answers and events
 * arrive in.
 */
export async function emitDebateUpdated(deps: TDebatesDeps, debateId: number): Promise<TDebate> {
  const row = await repo.nextRevision(db(deps), debateId);
  if (!row) throw debateNotFoundError();
  const debate = await loadDebate(deps, row);
  deps.events.emit({ name: 'debate.updated', room: REALTIME_ROOMS.debate(String(debateId)), payload: { debate } });
  return debate;
}

/** The round's meeting link for its debaters and judge, also while the snapshot keeps it from spectators. */
export async function getMeetingLink(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
): Promise<{ link: string | null }> {
  const row = await requireDebate(deps, debateId);
  refuse(meetingLinkReadRefusal(user, await roundSeatsOf(deps, row)));
  return { link: row.externalLink };
}

/** Records a debater's consent to record the round, on their seat (recordings.service checks who and when). */
export async function setRecordConsent(
  deps: Pick<TDebatesDeps, 'database'>,
  debateId: number,
  userId: string,
  agree: boolean,
): Promise<void> {
  await repo.setRecordConsent(db(deps), debateId, userId, agree);
}

/** The debaters let spectators see the round's evidence, or keep it to the round again. */
export async function setEvidencePublic(
  deps: Pick<TDebatesDeps, 'database'>,
  debateId: number,
  isPublic: boolean,
): Promise<void> {
  await repo.setEvidencePublic(db(deps), debateId, isPublic);
}

/**
 * A debater lets spectators watch the round (see and hear it, see its evidence), or stops letting them.
 * Spectators get media when every debater has let them (the snapshot says so; their browsers say hello again), and
 * lose it when one stops: the debaters' browsers close their connections to spectators, and the relay refuses any more.
 */
export async function setSpectatorWatch(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  allow: boolean,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  refuse(watchToggleRefusal(user, await roundSeatsOf(deps, row)));
  await repo.setSpectatorWatch(db(deps), debateId, user.id, allow);
  return emitDebateUpdated(deps, debateId);
}

/** Keeps the finished round's replay to the round (and its team), or opens it again. */
export async function setReplayPrivate(
  deps: Pick<TDebatesDeps, 'database'>,
  debateId: number,
  isPrivate: boolean,
): Promise<void> {
  await repo.setReplayPrivate(db(deps), debateId, isPrivate);
}

/** The round's clock commands in order (the replay's timeline). */
export async function listClockEvents(deps: Pick<TDebatesDeps, 'database'>, debateId: number) {
  return repo.listClockEvents(db(deps), debateId);
}

export async function getDebate(deps: TDebatesDeps, id: number): Promise<TDebate> {
  return loadDebate(deps, await requireDebate(deps, id));
}

/**
 * Live rounds and rounds awaiting a ballot: those whose page would let `user` in (one rule, the shared `roundViewRefusal`). A
 * practice round paired for later is not running yet.
 */
export async function listLiveDebates(deps: TDebatesDeps, user: TSessionUser | null): Promise<TDebateSummary[]> {
  const all = await repo.listDebatesByStatus(db(deps), ['live', 'awaiting_ballot'], LIST_LIMIT);
  const candidates = all.filter((r) => !isBeforeStart(r.startsAt, nowMs(deps)));
  const refusals = await Promise.all(candidates.map((row) => findRoundViewRefusal(deps, user, row)));
  const rows = candidates.filter((_, i) => refusals[i] === null);
  const names = await findUserNames(
    db(deps),
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  return rows.map((r) => presentDebateSummary(r, names));
}

/**
 * Applies a clock command with compare-and-set on the clock version (any instance may receive it).
 * With `expectedVersion` a stale command is refused; without it, the command applies to the clock as it is now.
 */
export async function commandClock(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  action: TClockAction,
  expectedVersion?: number,
): Promise<TClockReply> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await requireDebate(deps, debateId);
    if (row.status !== 'live') throw refused('round_over');
    const version = Number(row.clockVersion);
    if (expectedVersion !== undefined && expectedVersion !== version) {
      throw refused('clock_stale');
    }
    const clock = clockFromRow(row);
    // The debater's seat: their side and, on a side of two or three, their speaker position.
    const seat = await seatOfDebater(deps, row, user.id);
    const side = seat?.side ?? null;
    if (isBeforeStart(row.startsAt, nowMs(deps))) {
      throw new AppError('conflict', ROUND_NOT_STARTED_MESSAGE, undefined, 'round_not_started');
    }
    // A Public Forum tournament round: the clock waits for both coin flip choices (they may move the seats).
    if (isCoinFlipPending(coinFlipOfRow(row))) throw refused('coin_flip_pending');
    const role = { side, position: seat?.position ?? null, isJudge: row.judgeId === user.id };
    // A BP team that forfeited runs nothing more, and nobody gives its speeches: the clock moves past them.
    const forfeits = await forfeitsOfRound(db(deps), row);
    const refusal = forfeitedSeatRefusal(seat?.position, forfeits) ?? clockRefusal(row.formatId, clock, role, action);
    if (refusal) throw new AppError('forbidden', refusal, undefined, 'clock_turn');
    const now = nowMs(deps);
    let next: TClockState;
    try {
      next = skipForfeitedSpeeches(applyClockAction(clock, action, side, now), forfeits);
    } catch (error) {
      if (error instanceof ClockError) throw new AppError('conflict', error.message, undefined, error.code);
      throw error;
    }
    const isFinished = next.phase === 'finished';
    // A round with a judge, or with an invited judge yet to come, waits for the ballot.
    const endStatus = row.judgeId !== null || row.judgeInviteToken !== null ? 'awaiting_ballot' : 'completed';
    const endedAt = isFinished ? new Date(now).toISOString() : undefined;
    // A speech that ends now adds the time it really ran; the award rules read the total.
    const endsSpeech = clock.phase === 'speech' && (next.phase !== 'speech' || next.speechIndex !== clock.speechIndex);
    const spokenMs = Number(row.spokenMs) + (endsSpeech ? spokenIncrement(clock, now) : 0);
    const roundFacts = {
      ...(endsSpeech ? { spokenMs } : {}),
      ...(action === 'start_speech' && row.firstSpeechAt === null
        ? { firstSpeechAt: new Date(now).toISOString() }
        : {}),
    };
    const saved = await inTransaction(deps.database, async (trx) => {
      const tx = repo.debatesDb(trx);
      const ok = await repo.updateClock(tx, debateId, version, next, {
        ...roundFacts,
        ...(isFinished ? { status: endStatus, ...(endedAt ? { endedAt } : {}) } : {}),
      });
      if (ok) {
        // The replay's timeline: every command that took effect, in order.
        await repo.insertClockEvent(tx, {
          debateId,
          action,
          phase: next.phase,
          speechIndex: next.speechIndex,
          at: new Date(now).toISOString(),
        });
      }
      if (ok && isFinished) await finishRound(tx, row, endStatus, spokenMs);
      return ok;
    });
    if (!saved) {
      if (expectedVersion !== undefined) throw refused('clock_stale');
      continue;
    }
    const reply: TClockReply = { clock: next, clockVersion: version + 1, serverTime: Date.now() };
    deps.events.emit({
      name: 'debate.clock_changed',
      room: REALTIME_ROOMS.debate(String(debateId)),
      payload: { debateId, ...reply },
    });
    if (isFinished) await emitDebateUpdated(deps, debateId);
    return reply;
  }
  throw new AppError('conflict', 'The clock is busy. Try again.', undefined, 'clock_busy');
}

/** After the last speech: debaters are free again; without a judge, the round is settled now. */
async function finishRound(
  tx: repo.TDebatesDb,
  row: TDebateRow,
  status: 'awaiting_ballot' | 'completed',
  spokenMs: number,
) {
  await guards.releaseActiveDebaters(tx, Number(row.id));
  if (status === 'completed') await settleRound(tx, row, 'completed', { winnerSide: null, spokenMs, now: nowIso() });
}

export async function setExternalLink(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  link: string,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  refuse(meetingLinkRefusal(user, await roundSeatsOf(deps, row)));
  await repo.setExternalLink(db(deps), debateId, link === '' ? null : link);
  return emitDebateUpdated(deps, debateId);
}

/**
 * Where a WebRTC signal goes. The round's media is a mesh of its debaters and judge, who send and receive, and the
 * spectators watching it, who only receive: a hello or a camera change (`media`) without a target goes to the whole room; every other signal
 * names one peer. A spectator (someone whose connection joined the room) may address only the debaters and the
 * judge, so spectators never signal each other or a stranger. Media lasts while the round is live or awaits its
 * ballot (a judge who arrives after the speeches can still give an oral critique).
 */
export async function signalRoute(
  deps: TDebatesDeps,
  user: TSessionUser,
  input: { debateId: number; toUserId?: string | undefined; signalType: string; isWatching: boolean },
): Promise<string[]> {
  const row = await requireDebate(deps, input.debateId);
  const seats = await roundSeatsOf(deps, row);
  const participants = [...debatersOf(seats), ...judgesOf(seats)];
  const isParticipant = participants.includes(user.id);
  if (!isParticipant && !input.isWatching) {
    throw new AppError('forbidden', 'Only the people in the round share audio and video.');
  }
  // Someone a debater or the judge blocked does not watch (nor connect to) their round.
  if (!isParticipant) refuse(blockedPairRefusal('spectate', await isBlockedByAny(deps, participants, user.id)));
  if (row.status !== 'live' && row.status !== 'awaiting_ballot') {
    throw new AppError('conflict', 'The round is over: audio and video have ended.', undefined, 'round_over');
  }
  // A round with a minor: a spectator connects to nobody until both debaters let spectators watch.
  if (!isParticipant) refuse(spectatorWatchRefusal(await isSpectatorWatchAllowed(deps, row)));
  if (input.toUserId === undefined) {
    if (!isRoomSignal(input.signalType as TRtcSignal['type'])) {
      throw new AppError('validation_failed', 'Say who this signal is for.');
    }
    // While spectators may not watch, nothing of the call reaches them: a participant's hello or camera change goes
    // to the other seated people's own rooms, not to the round's room (which spectators' sockets are in).
    if (isParticipant && !(await isSpectatorWatchAllowed(deps, row))) {
      return participants.filter((id) => id !== user.id).map((id) => REALTIME_ROOMS.user(id));
    }
    // A spectator's hello is for the seated people only (spectators never connect to each other): sent to the round's
    // room, a hundred spectators' hellos would make ten thousand deliveries.
    if (!isParticipant) return participants.map((id) => REALTIME_ROOMS.user(id));
    return [REALTIME_ROOMS.debate(String(input.debateId))];
  }
  if (input.toUserId === user.id) throw new AppError('validation_failed', 'A signal cannot be sent to yourself.');
  if (!isParticipant && !participants.includes(input.toUserId)) {
    throw new AppError('forbidden', 'Spectators connect only to the debaters and the judge.');
  }
  // A debater or the judge offering (or answering) a spectator: only while spectators may watch.
  if (isParticipant && !participants.includes(input.toUserId)) {
    refuse(spectatorWatchRefusal(await isSpectatorWatchAllowed(deps, row)));
  }
  return [REALTIME_ROOMS.user(input.toUserId)];
}

/** The live rounds in which both users sit (debaters, or one of them the judge or a judge of its panel). */
export async function liveRoundsOfPair(deps: TDebatesDeps, a: string, b: string): Promise<number[]> {
  return repo.listLiveDebateIdsOfPair(db(deps), a, b);
}

/**
 * What a moderation report of a round copies into its case: the round, its debaters and judges (each judge of a
 * panel) with their names, and the last `chatLines` lines of its chat. Null when there is no such round.
 */
export async function roundForReport(deps: TDebatesDeps, debateId: number, chatLines: number) {
  const row = await repo.findDebate(db(deps), debateId);
  if (!row) return null;
  const roundSeats = await roundSeatsOf(deps, row);
  const seats = [
    ...debatersOf(roundSeats).map((userId) => ({ userId, role: 'debater' as const })),
    ...judgesOf(roundSeats).map((userId) => ({ userId, role: 'judge' as const })),
  ];
  const names = await findUserNames(
    db(deps),
    seats.map((s) => s.userId),
  );
  const chat = await roundChatRepo.listMessages(db(deps), debateId, chatLines);
  return {
    id: Number(row.id),
    formatId: row.formatId,
    status: row.status,
    participants: seats.map((s) => ({ ...s, displayName: names.get(s.userId) ?? 'Deleted account' })),
    chat: chat.map((m) => ({
      id: Number(m.id),
      userId: m.userId,
      displayName: m.displayName,
      text: m.text,
      createdAt: m.createdAt,
    })),
  };
}

/** The user's rounds with their seat in each, for "Download my data". */
export async function roundsOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  const rows = await repo.listRoundsOfUser(db(deps), userId);
  const seats = await listSeats(
    db(deps),
    rows.map((row) => Number(row.id)),
  );
  const seatIn = (debateId: number) => seats.find((s) => s.debateId === debateId && s.userId === userId);
  return rows.map((row) => ({
    id: row.id,
    formatId: row.formatId,
    resolution: row.resolution,
    // A debater's side (any seat of it) and speaker position, else the judge's chair.
    seat: sideKeyOf(seatIn(Number(row.id))?.side) ?? sideOfRow(row, userId) ?? ('judge' as const),
    position: seatIn(Number(row.id))?.position ?? null,
    status: row.status,
    winnerSide: row.winnerSide,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
  }));
}

/** The ballots of these rounds (`db` may be a transaction). */
export async function ballotsOfRounds(db: repo.TDebatesDb, debateIds: number[]) {
  return repo.findBallots(db, debateIds);
}

/** A debater's British Parliamentary record, for their dashboard (null before their first judged BP room). */
export async function bpRecordOf(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  return findBpRecord(db(deps), userId);
}
