import { z } from 'zod';
import { LIMITS } from './constants.js';
import { zText } from './text.js';
import { ZFormatId } from './debate/protocol.js';
import type { TFormatId } from './formats.js';

/**
 * The motion bank: resolutions admins keep per format. A new round draws one from its format's bank; a format with
 * an empty bank debates the current topic (the default for Lincoln Douglas and Public Forum). Parliamentary rounds
 * want a fresh motion each time, so its bank is where they come from.
 */
export interface TMotion {
  id: number;
  formatId: TFormatId;
  text: string;
  createdAt: string;
}

export const ZCreateMotionRequest = z.object({
  formatId: ZFormatId,
  text: zText('line', { label: 'Motion', max: LIMITS.topicTitle.max }),
});
export type TCreateMotionRequest = z.infer<typeof ZCreateMotionRequest>;

export const ZListMotionsQuery = z.object({ formatId: ZFormatId });
