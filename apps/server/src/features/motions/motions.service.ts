import {
  ZCreateMotionRequest,
  ZListMotionsQuery,
  type TFormatId,
  type TMotion,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/database';
import { AppError, parseOrThrow } from '../../lib/errors';
import { deleteMotion, insertMotion, listMotions } from './motions.repository';
import * as repo from './motions.repository';

export async function getMotions(database: TDatabase, query: unknown): Promise<TMotion[]> {
  const { formatId } = parseOrThrow(ZListMotionsQuery, query);
  return listMotions(database.db, formatId);
}

export async function addMotion(database: TDatabase, admin: TSessionUser, input: unknown): Promise<TMotion> {
  const { formatId, text } = parseOrThrow(ZCreateMotionRequest, input);
  return insertMotion(database.db, { formatId, text, createdBy: admin.id, createdAt: nowIso() });
}

export async function removeMotion(database: TDatabase, id: number): Promise<void> {
  if (!(await deleteMotion(database.db, id))) throw new AppError('not_found', 'That motion no longer exists.');
}

/**
 * The resolutions `count` new rounds of a format debate: drawn at random from the format's bank (each motion once
 * before any repeats within the draw), or the current topic for every round when the bank is empty.
 */
export async function drawResolutions(
  db: Kysely<DB>,
  formatId: TFormatId,
  count: number,
  topic: { id: number; title: string },
  random: () => number = Math.random,
): Promise<{ resolution: string; topicId: number | null }[]> {
  const bank = await listMotionTexts(db, formatId);
  if (bank.length === 0) return Array.from({ length: count }, () => ({ resolution: topic.title, topicId: topic.id }));
  const drawn: { resolution: string; topicId: null }[] = [];
  let deck: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (deck.length === 0) deck = [...bank];
    const [text] = deck.splice(Math.floor(random() * deck.length), 1);
    drawn.push({ resolution: text!, topicId: null });
  }
  return drawn;
}

/** The motion bank of a format, for the queue (whether a round would draw a motion). */
/** The texts of a format's bank (what a new round draws from). */
export async function listMotionTexts(db: Kysely<DB>, formatId: TFormatId): Promise<string[]> {
  return repo.listMotionTexts(db, formatId);
}
