import { CHECK_TURN_TTL_SECONDS, type TDebateJoined, type TMediaCheckServers } from '@resolved/shared';
import type { TConfig } from '../../config';
import { mintTurnCredentials } from '../../lib/turn-credentials';

/**
 * What a browser joining a round connects its call through: the static servers (STUN, or a TURN with a fixed
 * password) for everyone, and the TURN server's short-lived credentials for a debater or judge of the round only
 * (`participantId`), and for a spectator who views through the media server (whose relay only reaches Janus).
 * A spectator on the mesh or anyone else is not given a relay to spend on their watching.
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

/**
 * What a signed-in person's connection check gathers candidates against, before any round: the static servers and,
 * with a TURN server set, credentials of their own (`userId`) good for CHECK_TURN_TTL_SECONDS at most, so the check
 * says truly whether the relay answers them.
 */
export function checkIceFor(
  config: Pick<TConfig, 'iceServers' | 'turn' | 'iceTransportPolicy'>,
  userId: string,
  nowMs = Date.now(),
): TMediaCheckServers {
  const { turn } = config;
  const short = turn ? { turn: { ...turn, ttlSeconds: Math.min(turn.ttlSeconds, CHECK_TURN_TTL_SECONDS) } } : {};
  return iceFor({ ...config, ...short }, userId, nowMs);
}
