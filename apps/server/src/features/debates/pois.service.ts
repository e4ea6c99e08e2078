/**
 * Points of information and of order in a round (Parliamentary): any member of the other side offers while the clock
 * allows it, the speaker (by position) accepts or declines a POI, a point of order is raised for the judge. Each is recorded with the round.
 */
import {
  POI_OFFER_LAPSES_MS,
  poiAnswerRefusal,
  poiOfferRefusal,
  poiRefusal,
  REALTIME_ROOMS,
  type TPoi,
  type TPoiKind,
  type TSessionUser,
} from '@resolved/shared';
import { AppError, refuse } from '../../lib/errors';
import { clockFromRow } from './round-row';
import type { TDebatesDeps } from '../../context';
import { nowMs, requireDebate, roundSeatsOf, seatOfDebater } from './round-row';
import * as repo from './pois.repository';
import { forfeitedSeatRefusal, forfeitsOfRound } from './bp-clock';

type TPoiRow = Omit<TPoi, 'id' | 'debateId'> & { id: number | string; debateId: number | string };

function toPoi(row: TPoiRow): TPoi {
  return { ...row, id: Number(row.id), debateId: Number(row.debateId), speechIndex: Number(row.speechIndex) };
}

export async function listPois(deps: Pick<TDebatesDeps, 'database'>, debateId: number): Promise<TPoi[]> {
  const rows = await repo.listPoisOfDebate(deps.database.db, debateId);
  return rows.map(toPoi);
}

function emit(deps: TDebatesDeps, poi: TPoi): TPoi {
  deps.events.emit({ name: 'debate.poi_changed', room: REALTIME_ROOMS.debate(String(poi.debateId)), payload: { poi } });
  return poi;
}

/** The other side offers a POI (only in an open window, one outstanding at a time) or raises a point of order. */
export async function offerPoi(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  kind: TPoiKind,
): Promise<TPoi> {
  const row = await requireDebate(deps, debateId);
  // Any debater of the round (partners too); the point comes from any member of the side not speaking.
  refuse(poiOfferRefusal(user, await roundSeatsOf(deps, row)));
  const clock = clockFromRow(row);
  const now = nowMs(deps);
  const seat = await seatOfDebater(deps, row, user.id);
  // A debater of a BP team that forfeited offers nothing more.
  const gone = forfeitedSeatRefusal(seat?.position, await forfeitsOfRound(deps.database.db, row));
  if (gone) throw new AppError('forbidden', gone);
  const refusal = poiRefusal(row.formatId, clock, now, seat?.side ?? null, kind);
  if (refusal) throw new AppError('conflict', refusal);
  const db = deps.database.db;
  const lapseBefore = new Date(now - POI_OFFER_LAPSES_MS).toISOString();
  // An offer left unanswered lapses; one still waiting for the speaker holds the floor.
  await repo.lapseOffersBefore(db, debateId, lapseBefore);
  const waiting = await repo.findWaitingOffer(db, debateId);
  if (kind === 'poi' && waiting)
    throw new AppError('conflict', 'A point of information is already waiting for the speaker.');
  const values = {
    debateId,
    speechIndex: clock.speechIndex,
    kind,
    offeredBy: user.id,
    status: kind === 'order' ? ('raised' as const) : ('offered' as const),
    offeredAt: new Date(now).toISOString(),
    answeredAt: null,
  };
  const id = await repo.insertPoi(db, values);
  return emit(deps, toPoi({ ...values, id }));
}

function poiNotWaitingError(): AppError {
  return new AppError('conflict', 'That point of information is no longer waiting for an answer.');
}

/** The speaker accepts or declines the POI offered to them (an accepted one starts the answer timer). */
export async function answerPoi(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  poiId: number,
  accept: boolean,
): Promise<TPoi> {
  const row = await requireDebate(deps, debateId);
  const clock = clockFromRow(row);
  // Only the speaker of the speech (by position on a side of two or three), never a partner.
  const answerRefusal = poiAnswerRefusal(row.formatId, clock, await seatOfDebater(deps, row, user.id));
  if (answerRefusal) throw new AppError('forbidden', answerRefusal);
  const db = deps.database.db;
  const poi = await repo.findPoi(db, debateId, poiId);
  if (!poi) throw new AppError('not_found', 'That point of information does not exist.');
  const now = nowMs(deps);
  const hasLapsed = Date.parse(poi.offeredAt) < now - POI_OFFER_LAPSES_MS;
  if (poi.status === 'offered' && hasLapsed) {
    // The speaker let it pass: recorded as lapsed, as the next offer would record it.
    const hasMoved = await repo.answerOffer(db, poiId, { status: 'lapsed' });
    if (hasMoved) emit(deps, toPoi({ ...poi, status: 'lapsed' }));
  }
  if (
    poi.status !== 'offered' ||
    hasLapsed ||
    Number(poi.speechIndex) !== clock.speechIndex ||
    clock.phase !== 'speech'
  ) {
    throw poiNotWaitingError();
  }
  const answeredAt = new Date(now).toISOString();
  const status = accept ? ('accepted' as const) : ('declined' as const);
  const hasAnswered = await repo.answerOffer(db, poiId, { status, answeredAt });
  if (!hasAnswered) {
    throw poiNotWaitingError();
  }
  return emit(deps, toPoi({ ...poi, status, answeredAt }));
}
