import type { TDebateJoined } from '@resolved/shared';
import type { TConfig } from '../../config';
import { mintTurnCredentials } from '../../lib/turn-credentials';

/**
 * What a browser joining a round connects its call through: the static servers (STUN, or a TURN with a fixed
 * password) for everyone, and the TURN server's short-lived credentials for a debater or judge of the round only
 * (`participantId`). A spectator or anyone else is not given a relay to spend on their watching.
 */
export function iceFor(
  config: Pick<TConfig, 'iceServers' | 'turn' | 'iceTransportPolicy'>,
  participantId: string | undefined,
  nowMs = Date.now(),
): Pick<TDebateJoined, 'iceServers' | 'iceTransportPolicy'> {
  const { turn } = config;
  const iceServers: TDebateJoined['iceServers'] = [...config.iceServers];
  if (turn && participantId) {
    iceServers.push({ urls: turn.urls, ...mintTurnCredentials(turn.secret, participantId, turn.ttlSeconds, nowMs) });
  }
  return { iceServers, iceTransportPolicy: config.iceTransportPolicy };
}
