/**
 * Sends a tournament's tab itself to its hosts' and entrants' sockets (`tournament-tab:<id>`) when it changes, so that
 * their pages need not read it: with every entrant's page open, a round's ballots would otherwise make each page read
 * the tab again every second (docs/performance.md, section 10). Throttled as the hint is (at most one a second per
 * tournament, trailing, after a change settles), and built when sent, once for everyone (the read model's, for the
 * version current then). Per instance: each instance sends for the changes it makes; the adapter carries the event to
 * every instance's sockets.
 */
import { REALTIME_ROOMS } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TTournamentsDeps } from './tournament-access';
import { wholeTab } from './tournament-tab';

/** As the hint's (`room-delivery.ts`): a second between two, 50 ms for one request's changes to settle. */
export const TAB_PUSH_INTERVAL_MS = 1000;
const SETTLE_MS = 50;

interface THeld {
  /** When the last one went (ms since the epoch). */
  sentAt: number;
  isDue: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export class TabPush {
  private readonly held = new Map<number, THeld>();
  private isStopped = false;

  constructor(
    private readonly deps: TTournamentsDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tournament `tournamentId`'s tab changed: send it once the interval since the last allows. */
  changed(tournamentId: number): void {
    if (this.isStopped) return;
    let held = this.held.get(tournamentId);
    if (!held) this.held.set(tournamentId, (held = { sentAt: -Infinity, isDue: false }));
    if (held.isDue) return;
    held.isDue = true;
    clearTimeout(held.timer);
    const delay = Math.max(SETTLE_MS, held.sentAt + TAB_PUSH_INTERVAL_MS - Date.now());
    const due = held;
    held.timer = setTimeout(() => void this.send(tournamentId, due), delay);
    held.timer.unref?.();
  }

  /** Stops every timer (the server closes); what is planned is not sent: the pages read the tab on reconnecting. */
  stop(): void {
    this.isStopped = true;
    for (const held of this.held.values()) clearTimeout(held.timer);
    this.held.clear();
  }

  private async send(tournamentId: number, held: THeld): Promise<void> {
    if (this.isStopped) return;
    held.isDue = false;
    held.sentAt = Date.now();
    try {
      const tab = await wholeTab(this.deps, tournamentId);
      if (tab && !this.isStopped) {
        this.deps.events.emit({
          name: 'tournament.standings_changed',
          room: REALTIME_ROOMS.tournamentTab(tournamentId),
          payload: tab,
        });
      }
    } catch (err) {
      this.log.warn({ err, tournamentId }, 'tournaments: sending the tab failed');
    }
    // A change while it was built is planned already; else forgotten once a quiet interval passed (the next change then
    // waits only SETTLE_MS).
    if (held.isDue || this.isStopped) return;
    held.timer = setTimeout(() => {
      if (!held.isDue && this.held.get(tournamentId) === held) this.held.delete(tournamentId);
    }, TAB_PUSH_INTERVAL_MS);
    held.timer.unref?.();
  }
}
