import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TMediaRole } from '@resolved/shared';
import { getSocket, useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { MeshClient, type TIceServer } from './mesh-client';
import { browserPlatform } from './mesh-media';

export type { TRemotePeer } from './mesh-client';

const CAMERA_FAILED = 'The camera could not be turned on. Check that the browser may use it.';

/**
 * The round's audio and video (`MeshClient`), for a component: the call runs while `isEnabled` and the page has the
 * ICE servers and this person's role, and the component renders from the client's snapshot.
 */
export function useWebRtc(options: {
  debateId: number;
  isEnabled: boolean;
  myRole: TMediaRole | null;
  myUserId: string | null;
  roleOf: (userId: string) => TMediaRole;
  iceServers: TIceServer[] | null;
  /** `relay`: connect only through the TURN server (ICE_TRANSPORT_POLICY on the server). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * The debaters let spectators watch (always in a round of adults; in a round with a minor only when both turned it
   * on). While false, a participant connects to no spectator and drops those it has.
   */
  isSpectatorWatchAllowed?: boolean;
}) {
  const {
    debateId,
    isEnabled,
    myRole,
    myUserId,
    roleOf,
    iceServers,
    iceTransportPolicy = 'all',
    isSpectatorWatchAllowed = true,
  } = options;
  // One client per round: its signals name the round.
  const client = useMemo(
    () =>
      new MeshClient((signal, toUserId) => {
        getSocket().emit('debate.signal', { debateId, toUserId, signal }, () => undefined);
      }, browserPlatform()),
    [debateId],
  );
  useEffect(() => {
    client.setPeople(myUserId, roleOf);
  });
  useEffect(() => {
    client.setSpectatorWatchAllowed(isSpectatorWatchAllowed);
  }, [client, isSpectatorWatchAllowed]);
  useEffect(() => {
    if (!isEnabled || !iceServers || !myRole) return;
    client.start(myRole, iceServers, iceTransportPolicy);
    return () => client.stop();
  }, [client, isEnabled, iceServers, iceTransportPolicy, myRole]);
  useSocketEvent('debate.signal_received', (payload) => {
    if (payload.debateId === debateId) client.handleSignal(payload.fromUserId, payload.signal);
  });
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  return {
    ...snapshot,
    /** What each peer last said about its camera (also before its connection is up). */
    cameraOf: (userId: string): boolean => snapshot.cameras[userId] ?? true,
    /** The connection carrying a peer's media (read by the tiles' quality indicator). */
    connectionOf: client.connectionOf,
    toggleMute: () => client.toggleMute(),
    toggleCamera: () =>
      client.toggleCamera().catch((error: unknown) => toast.error(errorMessage(error, CAMERA_FAILED))),
  };
}
