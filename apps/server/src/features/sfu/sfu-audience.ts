/**
 * The prep huddle through the media server, held by the server: while prep time runs in a round of teams, Janus
 * relays a debater's audio only on the subscriptions of their own partners (`sendsAudioTo`, the mesh's rule). Each
 * subscription's audio streams are set to send or not by a subscriber `configure` on its Janus handle, which only this
 * server holds: a browser (modified or not) has no way to ask Janus for the audio it is not given, and a new
 * subscription is held before its offer leaves the server. Every instance brings its own subscriptions in a round back
 * to the rule when it hears `sfu.audience_changed` (the round's clock or seats changed), one run per round at a time,
 * each reading the round as it is then; a subscription whose audio could not be held is closed (the browser subscribes
 * again, and is held then), and so is a participant's once they are no longer seated.
 */
import { sendsAudioTo } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDebatesDeps } from '../../context';
import { findDebate, debatesDb } from '../debates/rounds.service';
import { clockFromRow, teamSeatsOfRow } from '../debates/round-row';
import type { SfuPeers, TPeerEntry } from './sfu-peers';
import { publishersOf } from './sfu-round';

/** The round now, as its subscriptions' rules read it (null: no such round, and nothing to hold). */
export interface TRoundAudience {
  /** Whether `fromId`'s audio reaches `toId` (`sendsAudioTo`). */
  sends(fromId: string, toId: string): boolean;
  /** Whether `userId` is one of the round's debaters or judges now. */
  isSeated(userId: string): boolean;
}

export async function audienceOf(
  deps: Pick<TDebatesDeps, 'database'>,
  debateId: number,
): Promise<TRoundAudience | null> {
  const row = await findDebate(debatesDb(deps.database.db), debateId);
  if (!row) return null;
  const clock = clockFromRow(row);
  const seats = await teamSeatsOfRow(deps, row);
  const publishers = new Set(await publishersOf(deps, row));
  return {
    sends: (fromId, toId) => sendsAudioTo(clock, seats, fromId, toId),
    isSeated: (userId) => publishers.has(userId),
  };
}

export class RoundAudio {
  /** The run in progress (and those queued behind it) per round. */
  private readonly runs = new Map<number, Promise<void>>();

  constructor(
    private readonly deps: Pick<TDebatesDeps, 'database'>,
    private readonly peers: SfuPeers,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Brings every subscription of the round held here to the rule now, after any run already under way (so the last
   * run reads the latest state). Resolves when done; a subscription it could not hold is closed, never left sending.
   */
  sync(debateId: number): Promise<void> {
    const previous = this.runs.get(debateId) ?? Promise.resolve();
    // A run that failed does not stop the next one (each reads the round afresh).
    const run = previous.catch(() => undefined).then(() => this.apply(debateId));
    this.runs.set(debateId, run);
    void run.finally(() => {
      if (this.runs.get(debateId) === run) this.runs.delete(debateId);
    });
    return run;
  }

  private async apply(debateId: number): Promise<void> {
    const subscriptions = this.peers.list((e) => e.debateId === debateId && e.kind === 'subscription');
    if (subscriptions.length === 0) return;
    const audience = await audienceOf(this.deps, debateId).catch((err: unknown) => {
      this.log.warn({ err, debateId }, 'sfu: reading the round for its huddle failed');
      return undefined;
    });
    // A participant no longer seated (a judge the host replaced) keeps no participant's subscription: as a spectator
    // they subscribe again through the spectators' door.
    if (audience) {
      const unseated = subscriptions.filter((e) => e.isParticipant && !audience.isSeated(e.userId));
      if (unseated.length > 0) await this.peers.drop((e) => unseated.includes(e));
    }
    await Promise.all(
      subscriptions.map((entry) => {
        // The round unreadable now: nothing is relayed that the rule might refuse.
        const isSent =
          audience === undefined
            ? false
            : audience === null || !entry.feedUserId || audience.sends(entry.feedUserId, entry.userId);
        return this.set(entry, isSent);
      }),
    );
  }

  private async set(entry: TPeerEntry, isSent: boolean): Promise<void> {
    if (entry.isAudioSent === isSent || !this.peers.has(entry)) return;
    try {
      await entry.peer.sendAudio(isSent);
      entry.isAudioSent = isSent;
    } catch (err) {
      this.log.warn({ err, debateId: entry.debateId }, 'sfu: a subscription’s audio could not be set; closing it');
      await this.peers.drop((e) => e === entry);
    }
  }
}
