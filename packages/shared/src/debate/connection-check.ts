import { z } from 'zod';

/** One ICE server as a browser's RTCPeerConnection takes it (STUN, or TURN with a username and password). */
export const ZRtcIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TRtcIceServer = z.infer<typeof ZRtcIceServer>;

/** How long the TURN credentials of a connection check stay good: long enough for the check, no longer. */
export const CHECK_TURN_TTL_SECONDS = 600;

/**
 * `GET /api/media/check-servers`: what a signed-in person's connection check gathers candidates against, before any
 * round: the static servers (ICE_SERVERS) and, with TURN_URLS set, a TURN entry with credentials minted for them that
 * expire after CHECK_TURN_TTL_SECONDS (or TURN_TTL_SECONDS when shorter); and the transport policy rounds use.
 */
export const ZMediaCheckServers = z.object({
  iceServers: z.array(ZRtcIceServer),
  iceTransportPolicy: z.enum(['all', 'relay']),
});
export type TMediaCheckServers = z.infer<typeof ZMediaCheckServers>;
