import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../app';
import { getCurrentTopic, getTopicHistory } from './topics.service';

export async function topicsRoutes(app: FastifyInstance, { database }: TAppContext) {
  app.get('/api/topics/current', async () => ({ topic: await getCurrentTopic(database) }));
  app.get('/api/topics', async () => ({ topics: await getTopicHistory(database) }));
}
