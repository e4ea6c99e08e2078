import { describe, expect, it } from 'vitest';
import type { TMediaRole } from '@resolved/shared';
import { relay, settle, started, type FakePeerConnection } from './mesh-fakes';
import { MESH_VIDEO_BUDGET_BPS, MIN_VIDEO_BPS } from './mesh-video-cap';

/** A Public Forum round of two teams of two judged by a panel of five: nine publishers on the mesh. */
const NINE: Record<string, TMediaRole> = {
  ana: 'a',
  anya: 'a',
  ben: 'b',
  bea: 'b',
  jo: 'judge',
  kim: 'judge',
  lee: 'judge',
  max: 'judge',
  ned: 'judge',
};
const DEBATERS = ['ana', 'anya', 'ben', 'bea'];

const senderOf = (pc: FakePeerConnection, kind: 'audio' | 'video') =>
  pc.transceivers.find((x) => x.receiver.track.kind === kind)!;

/** Everyone in the round, connected to each other (a panel's judges to the debaters only, not to each other). */
async function nineOnTheMesh(roles: Record<string, TMediaRole> = NINE) {
  const people = await Promise.all(
    Object.keys(roles).map((userId) => started({ role: roles[userId]!, userId, roles })),
  );
  await relay(people);
  const byId = new Map(people.map((p) => [p.myUserId, p]));
  const camera = (userId: string) => byId.get(userId)!.streams[0]!.getVideoTracks()[0];
  const microphone = (userId: string) => byId.get(userId)!.streams[0]!.getAudioTracks()[0];
  /** What `userId` sends each peer it is connected to, by peer. */
  const sent = (userId: string, kind: 'audio' | 'video') =>
    [...byId.get(userId)!.pcs].map(([peer, pc]) => [peer, senderOf(pc, kind).sender.track] as const);
  /** Who sends their camera on every connection they have (and nobody sends it on only some). */
  const videoSenders = () =>
    people
      .filter((p) => {
        const tracks = sent(p.myUserId, 'video').map(([, track]) => track);
        expect(new Set(tracks).size, `${p.myUserId} sends one thing to all`).toBe(1);
        return tracks[0] === camera(p.myUserId);
      })
      .map((p) => p.myUserId);
  const setSenders = async (senders: ReadonlySet<string> | null) => {
    for (const p of people) p.client.setVideoSenders(senders);
    await settle();
  };
  const offers = () => people.reduce((n, p) => n + p.sent.filter((s) => s.signal.type === 'offer').length, 0);
  return { people, byId, camera, microphone, sent, videoSenders, setSenders, offers };
}

describe('the speaker’s video alone, in a round of nine on the mesh', () => {
  it('connects nine: each debater to the eight others, each judge to the four debaters', async () => {
    const call = await nineOnTheMesh();
    for (const id of DEBATERS) expect(call.byId.get(id)!.pcs.size, id).toBe(8);
    for (const id of ['jo', 'kim', 'lee', 'max', 'ned']) expect(call.byId.get(id)!.pcs.size, id).toBe(4);
    // Until the room says otherwise, everyone sends their camera.
    expect(call.videoSenders()).toEqual(Object.keys(NINE));
  });

  it('sends only the speaker’s camera, follows each new speech with no renegotiation, and keeps everyone’s audio', async () => {
    const call = await nineOnTheMesh();
    const offers = call.offers();
    // Pro constructive: ana speaks.
    await call.setSenders(new Set(['ana']));
    expect(call.videoSenders()).toEqual(['ana']);
    for (const id of Object.keys(NINE)) {
      for (const [peer, track] of call.sent(id, 'audio')) expect(track, `${id}→${peer}`).toBe(call.microphone(id));
    }
    // The camera of someone who does not send stays on, ready for their speech.
    expect(call.camera('ben')!.isStopped).toBe(false);
    // Con constructive: ben; the first crossfire: ana and ben; between speeches: nobody.
    await call.setSenders(new Set(['ben']));
    expect(call.videoSenders()).toEqual(['ben']);
    await call.setSenders(new Set(['ana', 'ben']));
    expect(call.videoSenders()).toEqual(['ana', 'ben']);
    await call.setSenders(new Set());
    expect(call.videoSenders()).toEqual([]);
    // The decision: the chair.
    await call.setSenders(new Set(['jo']));
    expect(call.videoSenders()).toEqual(['jo']);
    expect(call.offers()).toBe(offers);
  });

  it('gives the speaker the whole budget shared among the eight others, at the floor', async () => {
    const call = await nineOnTheMesh();
    await call.setSenders(new Set(['ana']));
    const caps = [...call.byId.get('ana')!.pcs.values()].map((pc) => senderOf(pc, 'video').encoding);
    expect(caps).toHaveLength(8);
    for (const cap of caps) expect(cap).toMatchObject({ scaleResolutionDownBy: 2, maxBitrate: MIN_VIDEO_BPS });
    expect(caps.length * MIN_VIDEO_BPS).toBe(MESH_VIDEO_BUDGET_BPS);
  });

  it('keeps a silent person’s video off through a camera turned on, and a new connection follows the speech', async () => {
    const call = await nineOnTheMesh();
    await call.setSenders(new Set(['ana']));
    const bea = call.byId.get('bea')!;
    // bea turns her camera off and on again while ana speaks: a new camera track, and still nothing goes out.
    const first = call.camera('bea')!;
    await bea.client.toggleCamera();
    await bea.client.toggleCamera();
    const beaCamera = call.camera('bea')!;
    expect([first.isStopped, beaCamera === first, bea.client.getSnapshot().isCameraOff]).toEqual([true, false, false]);
    expect(call.sent('bea', 'video').every(([, track]) => track === null)).toBe(true);
    // Her speech starts: her new camera goes out on every connection.
    await call.setSenders(new Set(['bea']));
    expect(call.sent('bea', 'video').every(([, track]) => track === beaCamera)).toBe(true);
    // ned reloads during her speech: the new connections carry bea's camera and nothing from ana.
    const ana = call.byId.get('ana')!;
    await bea.receive('ned', { type: 'hello', callId: 'ned-2', camera: true });
    await ana.receive('ned', { type: 'hello', callId: 'ned-2', camera: true });
    expect(senderOf(bea.pcs.get('ned')!, 'video').sender.track).toBe(beaCamera);
    expect(senderOf(ana.pcs.get('ned')!, 'video').sender.track).toBeNull();
    expect(senderOf(ana.pcs.get('ned')!, 'audio').sender.track).toBe(call.microphone('ana'));
  });

  it('answers an offer made during a speech without sending a silent person’s camera', async () => {
    const call = await nineOnTheMesh();
    await call.setSenders(new Set(['ana']));
    const bea = call.byId.get('bea')!;
    await bea.receive('anya', { type: 'offer', sdp: 'offer-sdp', offerId: 'o-again' });
    expect(senderOf(bea.pcs.get('anya')!, 'video').sender.track).toBeNull();
    expect(senderOf(bea.pcs.get('anya')!, 'audio').sender.track).toBe(call.microphone('bea'));
  });

  it('leaves a round of fewer than nine as it was: everyone sends, and the huddle still holds the audio', async () => {
    const five = { ana: 'a', anya: 'a', ben: 'b', bea: 'b', jo: 'judge' } as const;
    const call = await nineOnTheMesh(five);
    await call.setSenders(null);
    expect(call.videoSenders()).toEqual(Object.keys(five));
    // A prep huddle: ana is heard by her partner alone, and still seen by all.
    const ana = call.byId.get('ana')!;
    ana.client.setAudioAudience(new Set(['anya']));
    await settle();
    const heard = call
      .sent('ana', 'audio')
      .filter(([, track]) => track !== null)
      .map(([peer]) => peer);
    expect(heard).toEqual(['anya']);
    expect(call.videoSenders()).toEqual(Object.keys(five));
  });
});
