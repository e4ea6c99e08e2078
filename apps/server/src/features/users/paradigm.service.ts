/**
 * A judge's paradigm: the short text on their account about how they judge, written in Settings and shown to debaters
 * wherever the judge is named (a tournament's pairings and judge pool, the round's room). It is screened like every
 * text others read (a slur is refused, other words filed for moderators), and shown only for an adult: a minor's
 * profile shows only their name and record (docs/safety.md), so a minor (or an account with no age yet) cannot write
 * one, and one written before is not shown while the account counts as under 18.
 */
import { ageBandOf, isParadigmShown, type TSessionUser } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TAppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { reportFilterHit } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import * as repo from './paradigm.repository';

/** The paradigm of each of these users that others may read (adults with one written); the rest are absent. */
export async function paradigmsOf(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string>> {
  const now = new Date();
  const rows = await repo.findParadigms(db, ids);
  return new Map(
    rows.flatMap((row) =>
      row.paradigm !== null && isParadigmShown(ageBandOf(row.birthMonth, now)) ? [[row.id, row.paradigm]] : [],
    ),
  );
}

/** The account's own paradigm, as they wrote it (shown to them even while others do not see it). */
export async function ownParadigm(db: Kysely<DB>, userId: string): Promise<string | null> {
  return (await repo.findParadigms(db, [userId]))[0]?.paradigm ?? null;
}

/** Writes (or with an empty text, clears) the caller's paradigm. */
export async function setOwnParadigm(
  deps: Pick<TAppContext, 'database' | 'events'>,
  user: TSessionUser,
  paradigm: string,
): Promise<string | null> {
  const text = paradigm.trim();
  if (text !== '' && !isParadigmShown(user.ageBand)) {
    throw new AppError(
      'forbidden',
      'Judges 18 and over write a paradigm: under 18, your profile shows only your name and record.',
    );
  }
  const flagged = text === '' ? null : screenText({ paradigm: text });
  await repo.setParadigm(deps.database.db, user.id, text === '' ? null : text);
  if (flagged) await reportFilterHit(deps, user.id, flagged, { surface: 'paradigm' });
  return text === '' ? null : text;
}
