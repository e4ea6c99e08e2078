/**
 * Behaviour limits (Lichess's "playban"): a debater who leaves a live round or never comes to it (the forfeit watch)
 * gets a strike, recorded in the transaction that settles the forfeit; a team that forfeits by absence strikes each of
 * its members who was away, never one who was there. Three strikes within a day bring a matchmaking cooldown (10
 * minutes, 30 minutes, 2 hours, then 24 hours), the step going down one per clean week. The Forfeit button, a block's
 * early end and a coach's cancel are no strikes.
 */
import type { Kysely } from 'kysely';
import { PLAYBAN_STEPS_MS, PLAYBAN_STRIKES, PLAYBAN_WINDOW_MS, decayedStep, nextStep } from '@resolved/shared';
import type { DB } from '../../db/schema';
import * as playbanRepo from './playban.repository';

/**
 * Records a strike against `userId` for leaving or missing `debateId` (call it inside the forfeit's transaction) and
 * gives a cooldown when it is the third within a day since the last one given. Returns the cooldown's end, if given.
 */
export async function recordStrike(
  tx: Kysely<DB>,
  userId: string,
  debateId: number,
  nowMs: number,
): Promise<string | null> {
  const now = new Date(nowMs).toISOString();
  if (!(await playbanRepo.insertStrike(tx, userId, debateId, now))) return null;
  const state = await playbanRepo.findPlayban(tx, userId);
  const step = state ? decayedStep(state.step, Date.parse(state.lastStrikeAt), nowMs) : -1;
  const windowStart = new Date(nowMs - PLAYBAN_WINDOW_MS).toISOString();
  // Strikes before the last cooldown was given were paid for by it.
  const since = state?.givenAt && state.givenAt > windowStart ? state.givenAt : windowStart;
  const strikes = await playbanRepo.countStrikesSince(tx, userId, since);
  if (strikes < PLAYBAN_STRIKES) {
    await playbanRepo.upsertPlayban(tx, {
      userId,
      step,
      givenAt: state?.givenAt ?? null,
      until: state?.until ?? null,
      lastStrikeAt: now,
    });
    return null;
  }
  const given = nextStep(step);
  const until = new Date(nowMs + PLAYBAN_STEPS_MS[given]!).toISOString();
  await playbanRepo.upsertPlayban(tx, { userId, step: given, givenAt: now, until, lastStrikeAt: now });
  return until;
}

/** The end of the user's matchmaking cooldown while it holds, or null (one primary-key read). */
export async function cooldownUntil(db: Kysely<DB>, userId: string, nowMs: number): Promise<string | null> {
  const state = await playbanRepo.findPlayban(db, userId);
  return state?.until && Date.parse(state.until) > nowMs ? state.until : null;
}
