/**
 * Where what the text filter flagged goes once the text is stored. Chat, teams, evidence and accounts store text and
 * rank below moderation, which files the hit as an automatic case; so they hand it to a sink that moderation plugs
 * into the app's domain events (`moderation.module.ts`), and none of them imports moderation (as Lichess's `shutup`
 * reaches `report` only through its bus).
 *
 * The sink is kept per `DomainEvents`, the one object every service's deps carry that belongs to one app instance:
 * two apps in one process (tests, a cluster test) each file into their own database.
 */
import type { DomainEvents } from './events';
import type { TFilterFound } from './text-filter';

/** Where a flagged text was stored: the report's target (what a moderator opens) and, for chat, the message. */
export type TFilterWhere =
  | { surface: 'community_chat'; messageId: number }
  | { surface: 'round_chat' | 'partner_chat'; debateId: number; messageId: number }
  | { surface: 'display_name' | 'appeal' | 'paradigm' }
  | { surface: 'team'; teamId: number }
  | { surface: 'evidence'; debateId: number; evidenceId: number };

/** Files one flagged text of `authorId`; resolves once it is filed. */
export type TFilterHitSink = (authorId: string, found: TFilterFound, where: TFilterWhere) => Promise<void>;

const sinks = new WeakMap<DomainEvents, TFilterHitSink>();

/** Moderation's wiring: flagged texts of this app go to `sink`. */
export function plugFilterHitSink(events: DomainEvents, sink: TFilterHitSink): void {
  sinks.set(events, sink);
}

/**
 * Files what `screenText` flagged in a text just stored, awaited by the caller like any write of its own. An app
 * without moderation wired in is a wiring defect, so it fails loudly rather than dropping the hit.
 */
export async function reportFilterHit(
  deps: { events: DomainEvents },
  authorId: string,
  found: TFilterFound,
  where: TFilterWhere,
): Promise<void> {
  const sink = sinks.get(deps.events);
  if (!sink) throw new Error('The text filter has nowhere to file a hit: moderation is not wired into this app.');
  await sink(authorId, found, where);
}
