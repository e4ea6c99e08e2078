import { SPECTATOR_MEDIA_LIMIT, type TMediaRole } from './protocol.js';

/** Who offers to whom in the round's mesh: the lower rank offers, so every pair agrees without asking. */
const RANK: Record<TMediaRole, number> = { a: 0, b: 1, judge: 2, spectator: 3 };

/**
 * What a browser does with a peer's hello: `offer` a connection, `greet` back (so the peer offers), say the media
 * is `full` (a participant already sending to SPECTATOR_MEDIA_LIMIT spectators), or `ignore` it (spectators never
 * connect to each other). `spectatorPeers` counts the spectators this browser already sends to.
 */
export function helloAction(
  me: TMediaRole,
  them: TMediaRole,
  spectatorPeers: number,
  isKnownPeer: boolean,
): 'offer' | 'greet' | 'full' | 'ignore' {
  if (me === 'spectator' && them === 'spectator') return 'ignore';
  if (RANK[me] > RANK[them]) return 'greet';
  if (them === 'spectator' && !isKnownPeer && spectatorPeers >= SPECTATOR_MEDIA_LIMIT) return 'full';
  return 'offer';
}

/** Whether `me` makes the offers to `them` (and so takes their answers, and answers nothing from them). */
export function offersTo(me: TMediaRole, them: TMediaRole): boolean {
  return RANK[me] < RANK[them];
}
