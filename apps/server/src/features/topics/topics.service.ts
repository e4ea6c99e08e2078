import type { TTopic } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import type { TDatabase } from '../../db/database';
import { findCurrentTopic, listTopics } from './topics.repository';

export async function getCurrentTopic(database: TDatabase): Promise<TTopic> {
  const topic = await findCurrentTopic(database.db);
  if (!topic) throw new AppError('not_found', 'No topic has been set yet.');
  return topic;
}

export async function getTopicHistory(database: TDatabase): Promise<TTopic[]> {
  return listTopics(database.db, 50);
}
