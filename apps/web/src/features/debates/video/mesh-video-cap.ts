import type { TMediaRole } from '@resolved/shared';
import { transceiverOf } from './mesh-media';
import type { TPeer } from './mesh-types';

/** How a sender's video is held down: its resolution divided by `scaleResolutionDownBy`, its rate under `maxBitrate`. */
export interface TVideoCap {
  scaleResolutionDownBy: number;
  /** Bits per second. */
  maxBitrate: number;
}

/** Up to this many people publishing on the mesh (two debaters and a judge), every sender sends what it can. */
export const UNCAPPED_PUBLISHERS = 3;
/** What a sender's video uploads in all, at most, once the mesh is capped: shared among the connections to publishers. */
export const MESH_VIDEO_BUDGET_BPS = 1_600_000;
/** The least a capped connection's video gets (a World Schools round of seven still shows faces). */
export const MIN_VIDEO_BPS = 200_000;

/**
 * The cap on each of a sender's video connections when `publishers` people (this one included) send on the mesh:
 * none for up to three; beyond, half the resolution and an equal share of MESH_VIDEO_BUDGET_BPS per connection to
 * another publisher (two teams of two and a judge: 400 kbit/s each), never under MIN_VIDEO_BPS.
 */
export function videoCapFor(publishers: number): TVideoCap | null {
  if (publishers <= UNCAPPED_PUBLISHERS) return null;
  const share = Math.floor(MESH_VIDEO_BUDGET_BPS / (publishers - 1));
  return { scaleResolutionDownBy: 2, maxBitrate: Math.max(MIN_VIDEO_BPS, share) };
}

/** How many people publish on this browser's mesh: itself (a sender) and every peer that is no spectator. */
export function publishersOf(myRole: TMediaRole, peerRoles: Iterable<TMediaRole>): number {
  const others = [...peerRoles].filter((role) => role !== 'spectator').length;
  return others + (myRole === 'spectator' ? 0 : 1);
}

/**
 * Puts the cap (or, with null, its lifting) on every connection's video sender, with no renegotiation. A sender
 * whose connection is not negotiated yet has no encodings: it gets the cap when it connects (the mesh applies it
 * again then). A browser that refuses the change sends as before.
 */
export async function capVideo(peers: Iterable<TPeer>, cap: TVideoCap | null): Promise<void> {
  await Promise.all(
    [...peers].map(async ({ pc }) => {
      const sender = transceiverOf(pc, 'video')?.sender;
      const params = sender?.getParameters();
      const encoding = params?.encodings?.[0];
      if (!sender || !params || !encoding) return;
      const scale = cap?.scaleResolutionDownBy ?? 1;
      if ((encoding.scaleResolutionDownBy ?? 1) === scale && encoding.maxBitrate === cap?.maxBitrate) return;
      encoding.scaleResolutionDownBy = scale;
      if (cap) encoding.maxBitrate = cap.maxBitrate;
      else delete encoding.maxBitrate;
      await sender.setParameters(params).catch(() => undefined);
    }),
  );
}
