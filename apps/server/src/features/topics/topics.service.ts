import {
  REALTIME_ROOMS,
  TOPIC_HISTORY_LIMIT,
  ZUpdateTopicRequest,
  canChangeTopic,
  type TActor,
  type TTopic,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { AppError, parseOrThrow } from '../../lib/errors';
import { nowIso, type TDatabase } from '../../db/database';
import { readCached, type TCachedBody } from '../../lib/read-cache/read-cache';
import { insertCurrentTopic, listTopics, makeTopicCurrent, withCurrentTopicLock } from './topics.repository';
import * as repo from './topics.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TTopicsContext = Pick<TAppContext, 'database' | 'events'>;

function assertCanChangeTopic(actor: TActor): asserts actor is NonNullable<TActor> {
  if (!actor) throw new AppError('unauthenticated', 'Sign in to change the topic.');
  if (!canChangeTopic(actor)) throw new AppError('forbidden', 'Only admins can change the topic.');
}

export async function getCurrentTopic(database: TDatabase): Promise<TTopic> {
  const topic = await findCurrentTopic(database.db);
  if (!topic) throw new AppError('not_found', 'No topic has been set yet.');
  return topic;
}

/** The public `GET /api/topics/current` answer, serialised once per version of the topics table. */
export function getCurrentTopicAnswer(database: TDatabase): Promise<TCachedBody> {
  return readCached(database, 'topics', 'current', async () => ({ topic: await getCurrentTopic(database) }));
}

/** The public `GET /api/topics` answer (the history), serialised once per version of the topics table. */
export function getTopicHistoryAnswer(database: TDatabase): Promise<TCachedBody> {
  return readCached(database, 'topics', 'history', async () => ({ topics: await getTopicHistory(database) }));
}

/** The current topic first, then past topics, most recently current first. */
export async function getTopicHistory(database: TDatabase): Promise<TTopic[]> {
  return listTopics(database.db, TOPIC_HISTORY_LIMIT);
}

/** An admin sets a new current topic; the previous one stays in the history. Everyone sees it live. */
export async function updateCurrentTopic(context: TTopicsContext, actor: TActor, input: unknown): Promise<TTopic> {
  assertCanChangeTopic(actor);
  const data = parseOrThrow(ZUpdateTopicRequest, input);
  const { db, engine } = context.database;
  const topic = await withCurrentTopicLock(db, engine, (trx) => insertCurrentTopic(trx, data, actor.id, nowIso()));
  context.events.emit({ name: 'topic.updated', room: REALTIME_ROOMS.public, payload: { topic } });
  return topic;
}

/** An admin makes a past topic current again. Making the current topic current is a no-op (no event). */
export async function reactivateTopic(context: TTopicsContext, actor: TActor, id: number): Promise<TTopic> {
  assertCanChangeTopic(actor);
  const { db, engine } = context.database;
  const current = await findCurrentTopic(db);
  if (current?.id === id) return current;
  const topic = await withCurrentTopicLock(db, engine, (trx) => makeTopicCurrent(trx, id, nowIso()));
  if (!topic) throw new AppError('not_found', 'That topic does not exist.');
  context.events.emit({ name: 'topic.updated', room: REALTIME_ROOMS.public, payload: { topic } });
  return topic;
}

/** The current topic, read inside another feature's transaction (matching and pairing give rounds its title). */
/** The current topic, or undefined before one is set. */
export async function findCurrentTopic(db: Kysely<DB>): Promise<TTopic | undefined> {
  return repo.findCurrentTopic(db);
}
