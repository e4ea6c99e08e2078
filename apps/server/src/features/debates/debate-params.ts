import { z } from 'zod';
import { DB_INT_MAX } from '@resolved/shared';

/** `:id` of a debate in a route's path. */
export const ZDebateIdParams = z.object({
  id: z.coerce.number().int().positive({ error: 'Unknown debate.' }).max(DB_INT_MAX, { error: 'Unknown debate.' }),
});
