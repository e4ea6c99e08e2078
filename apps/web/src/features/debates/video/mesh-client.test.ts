import { describe, expect, it } from 'vitest';
import { SPECTATOR_MEDIA_LIMIT } from '@resolved/shared';
import { FakeStream, FakeTrack, relay, ROLES, settle, setup, started } from './mesh-fakes';
import { FLOW_SAMPLE_MS, STALL_MS } from './flow-watch';
import {
  ASK_AGAIN_MS,
  CONNECT_ASK_MS,
  CONNECT_BOUND_MS,
  DISCONNECTED_GRACE_MS,
  RESTART_BOUND_MS,
  STALLED_GRACE_MS,
} from './peer-recovery';

describe('MeshClient', () => {
  it('asks a debater for the microphone and camera, then says hello to the room with its camera', async () => {
    const t = await started({ role: 'a' });
    expect(t.asked).toEqual([{ audio: true, video: true }]);
    expect(t.sentTo(undefined)).toEqual([{ type: 'hello', callId: 'call-1', camera: true }]);
    const snapshot = t.client.getSnapshot();
    expect(snapshot).toMatchObject({ isReady: true, isCameraOff: false, hasCamera: true, hasMicrophone: true });
    expect(snapshot.localStream).toBe(t.streams[0]);
    // Nothing changed: the same snapshot, so React does not render again.
    expect(t.client.getSnapshot()).toBe(snapshot);
  });

  it('keeps the camera off when the person chose so, and when there is no camera', async () => {
    const chosenOff = await started({ role: 'a', isCameraChosenOn: false });
    expect(chosenOff.asked).toEqual([{ audio: true }]);
    expect(chosenOff.sentTo(undefined)).toEqual([{ type: 'hello', callId: 'call-1', camera: false }]);
    const noCamera = await started({ role: 'b', hasCamera: false });
    expect(noCamera.client.getSnapshot().isCameraOff).toBe(true);
    expect(noCamera.sentTo(undefined)).toEqual([{ type: 'hello', callId: 'call-1', camera: false }]);
  });

  it('asks a spectator for nothing and says hello without a camera', async () => {
    const t = await started({ role: 'spectator' });
    expect(t.asked).toEqual([]);
    expect(t.sentTo(undefined)).toEqual([{ type: 'hello', callId: 'call-1' }]);
    expect(t.client.getSnapshot()).toMatchObject({ isReady: true, localStream: null, hasCamera: false });
  });

  it('connects only through TURN when the server asks for relayed media', async () => {
    const t = setup({ role: 'a' });
    const turn = { urls: 'turn:turn.example.org:3478?transport=tcp', username: '1700000000:ada', credential: 'c' };
    t.client.start('a', [turn], 'relay');
    await settle();
    await t.receive('ben', { type: 'hello', callId: 'ben-1', camera: true });
    expect(t.pcs.get('ben')!.config).toEqual({
      iceServers: [turn],
      bundlePolicy: 'max-bundle',
      iceTransportPolicy: 'relay',
    });
  });

  it('offers to a later-ranked peer that says hello, with both send slots and its camera first', async () => {
    const t = await started({ role: 'a' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1', camera: false });
    expect(t.sentTo('ben')).toEqual([
      { type: 'media', camera: true },
      { type: 'offer', sdp: 'offer-sdp', offerId: 'call-2', toCallId: 'ben-1' },
    ]);
    const pc = t.pcs.get('ben')!;
    expect(pc.config).toEqual({ iceServers: [{ urls: 'stun:stun.example.org' }], bundlePolicy: 'max-bundle' });
    expect(pc.transceivers.map((x) => [x.receiver.track.kind, x.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    const snapshot = t.client.getSnapshot();
    expect(snapshot.remotes).toEqual([{ userId: 'ben', role: 'b', stream: null, state: 'new', isCameraOn: false }]);
    expect(snapshot.cameras).toEqual({ ben: false });
  });

  it('greets an earlier-ranked peer back so that it offers', async () => {
    const t = await started({ role: 'judge' });
    await t.receive('ana', { type: 'hello', callId: 'ana-1', camera: true });
    expect(t.sentTo('ana')).toEqual([{ type: 'hello', callId: 'call-1', camera: true }]);
    expect(t.pcs.size).toBe(0);
  });

  it('answers an offer, applying candidates that came before it', async () => {
    const t = await started({ role: 'b' });
    t.pcs.clear();
    await t.receive('ana', { type: 'offer', sdp: 'their-offer' });
    const pc = t.pcs.get('ana')!;
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'their-offer' });
    expect(t.sentTo('ana')).toEqual([{ type: 'answer', sdp: 'answer-sdp' }]);
    await t.receive('ana', { type: 'candidate', candidate: { candidate: 'c1' } });
    expect(pc.candidates).toEqual([{ candidate: 'c1' }]);
  });

  it('holds candidates until the answer to its offer, then applies them', async () => {
    const t = await started({ role: 'a' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    const pc = t.pcs.get('ben')!;
    await t.receive('ben', { type: 'candidate', candidate: { candidate: 'early' } });
    expect(pc.candidates).toEqual([]);
    await t.receive('ben', { type: 'answer', sdp: 'their-answer' });
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'their-answer' });
    expect(pc.candidates).toEqual([{ candidate: 'early' }]);
  });

  it('between two partners of one side, the lower account id offers and the other answers', async () => {
    // ana's partner anya comes after her: ana offers, and takes anya's answer.
    const t = await started({ role: 'a' });
    await t.receive('anya', { type: 'hello', callId: 'anya-1', camera: true });
    expect(t.sentTo('anya').filter((s) => s.type === 'offer')).toHaveLength(1);
    await t.receive('anya', { type: 'answer', sdp: 'their-answer', offerId: 'call-2' });
    expect(t.pcs.get('anya')!.remoteDescription).toEqual({ type: 'answer', sdp: 'their-answer' });
    // An offer from anya (she would be wrong to make one) is not answered over ana's own.
    await t.receive('anya', { type: 'offer', sdp: 'their-offer', offerId: 'x' });
    expect(t.sentTo('anya').filter((s) => s.type === 'answer')).toEqual([]);
    // ana's other partner abe comes before her: she greets him back and answers his offer.
    await t.receive('abe', { type: 'hello', callId: 'abe-1', camera: true });
    expect(t.sentTo('abe')).toEqual([{ type: 'hello', callId: 'call-1', camera: true }]);
    await t.receive('abe', { type: 'offer', sdp: 'abe-offer', offerId: 'o-abe' });
    expect(t.sentTo('abe').at(-1)).toEqual({ type: 'answer', sdp: 'answer-sdp', offerId: 'o-abe' });
  });

  it('connects a round of two teams of two and a judge once per pair, with one offerer each', async () => {
    const people = await Promise.all(
      (['ana', 'anya', 'ben', 'bea', 'jo'] as const).map((userId) => started({ role: ROLES[userId]!, userId })),
    );
    await relay(people);
    for (const me of people) {
      // One connection to each of the four others, none made and dropped in a crossing of offers.
      expect(me.made, me.myUserId).toHaveLength(4);
      for (const them of people.filter((p) => p !== me)) {
        const pc = me.pcs.get(them.myUserId)!;
        expect(pc.isClosed, `${me.myUserId}→${them.myUserId}`).toBe(false);
        expect(pc.signalingState, `${me.myUserId}→${them.myUserId}`).toBe('stable');
        // Exactly one of the pair offered: its own description is the offer, the other's the answer.
        const offered = pc.localDescription?.type === 'offer';
        expect(them.pcs.get(me.myUserId)!.localDescription?.type).toBe(offered ? 'answer' : 'offer');
      }
    }
  });

  it('caps every video sender while more than three publish, and lifts the cap as they leave', async () => {
    const t = await started({ role: 'a' });
    const videoOf = (id: string) => t.pcs.get(id)!.transceivers.find((x) => x.receiver.track.kind === 'video')!;
    const caps = (ids: string[]) => ids.map((id) => videoOf(id).encoding.maxBitrate ?? 'none');
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    await t.receive('jo', { type: 'hello', callId: 'jo-1' });
    // A spectator does not publish: three publishers still send what they can.
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    expect(caps(['ben', 'jo', 'sam'])).toEqual(['none', 'none', 'none']);
    // ana's partner and ben's join: five publish, every connection (the spectator's too) is held down.
    await t.receive('anya', { type: 'hello', callId: 'anya-1' });
    expect(videoOf('ben').encoding).toMatchObject({ scaleResolutionDownBy: 2, maxBitrate: 533_333 });
    await t.receive('bea', { type: 'hello', callId: 'bea-1' });
    expect(caps(['ben', 'jo', 'sam', 'anya', 'bea'])).toEqual([400_000, 400_000, 400_000, 400_000, 400_000]);
    // A connection that comes up later takes the cap too (its sender had nothing to set before it was negotiated).
    videoOf('bea').encoding = { active: true };
    t.pcs.get('bea')!.becomes('connected');
    await settle();
    expect(caps(['bea'])).toEqual([400_000]);
    // The partners leave again: back to three publishers, the cap is lifted.
    t.pcs.get('anya')!.close();
    t.pcs.get('anya')!.becomes('closed');
    await settle();
    expect(caps(['ben'])).toEqual([533_333]);
    t.pcs.get('bea')!.close();
    t.pcs.get('bea')!.becomes('closed');
    await settle();
    expect(caps(['ben', 'jo', 'sam'])).toEqual(['none', 'none', 'none']);
    expect(videoOf('ben').encoding.scaleResolutionDownBy).toBe(1);
  });

  it('makes one offer for two hellos of one window at once, and a new one for another window', async () => {
    const t = await started({ role: 'a' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    expect(t.sentTo('ben').filter((s) => s.type === 'offer')).toHaveLength(1);
    const first = t.pcs.get('ben')!;
    await t.receive('ben', { type: 'hello', callId: 'ben-2' });
    expect(t.sentTo('ben').filter((s) => s.type === 'offer')).toHaveLength(2);
    expect(first.isClosed).toBe(true);
  });

  it('tells a spectator beyond the limit that the media is full, and the spectator shows it', async () => {
    const t = await started({ role: 'a' });
    for (let i = 0; i < SPECTATOR_MEDIA_LIMIT; i++) await t.receive(`s${i}`, { type: 'hello', callId: `s${i}` });
    await t.receive('late', { type: 'hello', callId: 'late' });
    expect(t.sentTo('late')).toEqual([{ type: 'full' }]);

    const spectator = await started({ role: 'spectator' });
    await spectator.receive('ana', { type: 'full' });
    expect(spectator.client.getSnapshot().isMediaFull).toBe(true);
  });

  it('holds a spectator while the debaters do not let spectators watch, and drops spectators when they stop', async () => {
    const t = setup({ role: 'a' });
    t.client.setSpectatorWatchAllowed(false);
    t.client.start('a', []);
    await settle();
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    expect(t.sentTo('sam')).toEqual([]);
    t.client.setSpectatorWatchAllowed(true);
    await settle();
    expect(t.sentTo('sam')).toEqual([
      { type: 'media', camera: true },
      { type: 'offer', sdp: 'offer-sdp', offerId: 'call-2', toCallId: 'sam-1' },
    ]);
    expect(t.client.getSnapshot().remotes.map((r) => r.userId)).toEqual(['sam']);
    t.client.setSpectatorWatchAllowed(false);
    expect(t.pcs.get('sam')!.isClosed).toBe(true);
    expect(t.client.getSnapshot().remotes).toEqual([]);
  });

  it('with spectators on the media server, tells a spectator only its camera, and still calls the judge', async () => {
    const t = setup({ role: 'a' });
    t.client.setViaServer('spectators');
    t.client.setSpectatorWatchAllowed(false);
    t.client.start('a', []);
    await settle();
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    expect(t.sentTo('sam')).toEqual([]);
    t.client.setSpectatorWatchAllowed(true);
    await settle();
    await t.receive('sue', { type: 'hello', callId: 'sue-1' });
    expect(t.sentTo('sam')).toEqual([{ type: 'media', camera: true }]);
    expect(t.sentTo('sue')).toEqual([{ type: 'media', camera: true }]);
    await t.receive('jo', { type: 'hello', callId: 'jo-1', camera: true });
    expect(t.sentTo('jo')).toEqual([
      { type: 'media', camera: true },
      { type: 'offer', sdp: 'offer-sdp', offerId: 'call-2', toCallId: 'jo-1' },
    ]);
    expect([...t.pcs.keys()]).toEqual(['jo']);
    expect(t.client.getSnapshot().remotes.map((r) => r.userId)).toEqual(['jo']);
  });

  it('with everyone on the media server, connects to no one and tells each peer only its camera', async () => {
    const t = await started({ role: 'a' });
    await t.receive('jo', { type: 'hello', callId: 'jo-1', camera: true });
    expect(t.pcs.get('jo')!.isClosed).toBe(false);
    // The round has more than three publishers: the judge's connection goes, and nobody gets a new one.
    t.client.setViaServer('everyone');
    t.client.setSpectatorWatchAllowed(false);
    expect(t.pcs.get('jo')!.isClosed).toBe(true);
    expect(t.client.getSnapshot().remotes).toEqual([]);
    const made = t.made.length;
    await t.receive('bea', { type: 'hello', callId: 'bea-1', camera: false });
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    await t.receive('bob', { type: 'offer', sdp: 'their-offer' });
    expect(t.made).toHaveLength(made);
    expect(t.sentTo('bea')).toEqual([{ type: 'media', camera: true }]);
    expect(t.sentTo('bob')).toEqual([]);
    // A spectator hears this person's camera once spectators may watch.
    expect(t.sentTo('sam')).toEqual([]);
    t.client.setSpectatorWatchAllowed(true);
    expect(t.sentTo('sam')).toEqual([{ type: 'media', camera: true }]);
    expect(t.client.getSnapshot().cameras).toMatchObject({ bea: false });
  });

  it('drops the spectators it sends to once they move to the media server', async () => {
    const t = await started({ role: 'a' });
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    await t.receive('jo', { type: 'hello', callId: 'jo-1', camera: true });
    t.client.setViaServer('spectators');
    expect(t.pcs.get('sam')!.isClosed).toBe(true);
    expect(t.pcs.get('jo')!.isClosed).toBe(false);
    expect(t.client.getSnapshot().remotes.map((r) => r.userId)).toEqual(['jo']);
  });

  it('as a spectator on the media server, connects to no one and learns the participants’ cameras', async () => {
    const t = setup({ role: 'spectator' });
    t.client.setViaServer('spectators');
    t.client.start('spectator', []);
    await settle();
    expect(t.sentTo(undefined)).toEqual([{ type: 'hello', callId: 'call-1' }]);
    await t.receive('ana', { type: 'media', camera: false });
    await t.receive('ben', { type: 'offer', sdp: 'their-offer' });
    expect(t.made).toEqual([]);
    expect(t.sent).toHaveLength(1);
    expect(t.client.getSnapshot().cameras).toEqual({ ana: false });
  });

  it('shows a peer’s stream and state, and lets go of a spectator whose connection failed', async () => {
    const t = await started({ role: 'a' });
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    const pc = t.pcs.get('sam')!;
    const stream = new FakeStream([new FakeTrack('audio')]);
    pc.ontrack?.({ streams: [stream], track: stream.tracks[0] });
    pc.becomes('connected');
    expect(t.client.getSnapshot().remotes).toEqual([
      { userId: 'sam', role: 'spectator', stream, state: 'connected', isCameraOn: true },
    ]);
    pc.becomes('failed');
    expect(t.client.getSnapshot().remotes).toEqual([]);
    expect(pc.isClosed).toBe(true);
  });

  it('turns the camera off and on without renegotiating, and remembers the choice', async () => {
    const t = await started({ role: 'a' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    const video = () => t.pcs.get('ben')!.transceivers.find((x) => x.receiver.track.kind === 'video')!;
    const cameraTrack = t.streams[0]!.getVideoTracks()[0]!;
    const before = t.client.getSnapshot().localStream;

    await t.client.toggleCamera();
    expect(cameraTrack.isStopped).toBe(true);
    expect(video().sender.track).toBeNull();
    expect(t.client.getSnapshot()).toMatchObject({ isCameraOff: true, isCameraBusy: false });
    expect(t.client.getSnapshot().localStream).not.toBe(before);
    expect(t.sentTo(undefined).at(-1)).toEqual({ type: 'media', camera: false });

    await t.client.toggleCamera();
    expect(t.asked.at(-1)).toEqual({ video: true });
    expect(video().sender.track).toBe(t.streams[0]!.getVideoTracks()[0]);
    expect(t.client.getSnapshot().isCameraOff).toBe(false);
    expect(t.sentTo(undefined).at(-1)).toEqual({ type: 'media', camera: true });
    expect(t.saved).toEqual([false, true]);
    expect(t.sentTo('ben').filter((s) => s.type === 'offer')).toHaveLength(1);
  });

  it('rejects when the camera cannot be turned on, and is no longer busy', async () => {
    const t = await started({ role: 'a', isCameraChosenOn: false, cameraRefused: true });
    await expect(t.client.toggleCamera()).rejects.toThrow('NotAllowedError');
    expect(t.client.getSnapshot()).toMatchObject({ isCameraOff: true, isCameraBusy: false });
  });

  it('mutes the microphone', async () => {
    const t = await started({ role: 'a' });
    t.client.toggleMute();
    expect(t.streams[0]!.getAudioTracks()[0]!.enabled).toBe(false);
    expect(t.client.getSnapshot().isMuted).toBe(true);
  });

  it('in a prep huddle sends its microphone to its partners alone, on every connection, then to everyone again', async () => {
    const t = await started({ role: 'a' });
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    await t.receive('jo', { type: 'hello', callId: 'jo-1' });
    const mic = t.streams[0]!.getAudioTracks()[0]!;
    const audioTo = (id: string) =>
      t.pcs.get(id)!.transceivers.find((x) => x.receiver.track.kind === 'audio')!.sender.track;
    expect([audioTo('ben'), audioTo('jo')]).toEqual([mic, mic]);
    // Prep starts: only her partner (amy) may hear her; the other team's debater and the judge get nothing.
    t.client.setAudioAudience(new Set(['amy']));
    await settle();
    expect([audioTo('ben'), audioTo('jo')]).toEqual([null, null]);
    // A connection made during the huddle follows it from the start.
    await t.receive('amy', { type: 'hello', callId: 'amy-1' });
    await t.receive('sam', { type: 'hello', callId: 'sam-1' });
    expect([audioTo('amy'), audioTo('sam')]).toEqual([mic, null]);
    // Her own mute is hers: the huddle does not touch it.
    expect(mic.enabled).toBe(true);
    // Prep ends: everyone hears her again, with no new offer.
    const offers = t.sent.filter((s) => s.signal.type === 'offer').length;
    t.client.setAudioAudience(null);
    await settle();
    expect(['ben', 'jo', 'amy', 'sam'].map(audioTo)).toEqual([mic, mic, mic, mic]);
    expect(t.sent.filter((s) => s.signal.type === 'offer')).toHaveLength(offers);
  });

  it('answers an offer in a prep huddle without sending its microphone to the other team', async () => {
    const t = await started({ role: 'b' });
    t.client.setAudioAudience(new Set());
    await t.receive('ana', { type: 'offer', sdp: 'offer-sdp', offerId: 'o-1' });
    const audio = t.pcs.get('ana')!.transceivers.find((x) => x.receiver.track.kind === 'audio')!;
    expect(audio.sender.track).toBeNull();
    expect(t.sentTo('ana').some((s) => s.type === 'answer')).toBe(true);
  });

  it('tells its subscribers of changes, and ends everything on stop', async () => {
    const t = setup({ role: 'a' });
    let changes = 0;
    const unsubscribe = t.client.subscribe(() => changes++);
    t.client.start('a', []);
    await settle();
    await t.receive('ben', { type: 'hello', callId: 'ben-1' });
    expect(changes).toBeGreaterThan(0);
    t.client.stop();
    expect(t.pcs.get('ben')!.isClosed).toBe(true);
    expect(t.streams[0]!.getTracks().every((track) => track.isStopped)).toBe(true);
    expect(t.client.getSnapshot()).toMatchObject({ isReady: false, localStream: null, remotes: [] });
    // Signals for the ended call are not answered.
    await t.receive('ben', { type: 'hello', callId: 'ben-2' });
    expect(t.sentTo('ben').filter((s) => s.type === 'offer')).toHaveLength(1);
    unsubscribe();
  });

  it('stops the media that arrives after the call ended', async () => {
    const t = setup({ role: 'a' });
    t.client.start('a', []);
    t.client.stop();
    await settle();
    expect(t.streams[0]!.getTracks().every((track) => track.isStopped)).toBe(true);
    expect(t.sent).toEqual([]);
  });

  describe('bringing a broken connection back', () => {
    /** Debater A, connected to B (A offers to B). */
    async function connectedToBen() {
      const t = await started({ role: 'a' });
      await t.receive('ben', { type: 'hello', callId: 'ben-1' });
      await t.receive('ben', { type: 'answer', sdp: 'their-answer' });
      const pc = t.pcs.get('ben')!;
      pc.becomes('connected');
      return { ...t, pc, offers: () => t.sentTo('ben').filter((s) => s.type === 'offer') };
    }

    it('restarts ICE with a new offer on the same connection once it failed', async () => {
      const t = await connectedToBen();
      t.pc.becomes('failed');
      await settle();
      expect(t.pc.iceRestarts).toBe(1);
      expect(t.pc.offerOptions.at(-1)).toEqual({ iceRestart: true });
      expect(t.offers()).toHaveLength(2);
      expect(t.pc.isClosed).toBe(false);
      expect(t.client.getSnapshot().remotes).toMatchObject([{ userId: 'ben', state: 'failed' }]);
      // B's answer to the restart goes to the same connection, which comes back.
      await t.receive('ben', { type: 'answer', sdp: 'restart-answer' });
      expect(t.pc.remoteDescription).toEqual({ type: 'answer', sdp: 'restart-answer' });
      t.pc.becomes('connected');
      await t.elapse(RESTART_BOUND_MS * 2);
      expect(t.made).toHaveLength(1);
      expect(t.offers()).toHaveLength(2);
    });

    it('restarts ICE when the connection stays disconnected past the grace', async () => {
      const t = await connectedToBen();
      t.pc.becomes('disconnected');
      await t.elapse(DISCONNECTED_GRACE_MS - 1);
      expect(t.pc.iceRestarts).toBe(0);
      await t.elapse(1);
      expect(t.pc.iceRestarts).toBe(1);
      expect(t.offers()).toHaveLength(2);
    });

    it('rebuilds the connection from scratch when the restart does not bring it back', async () => {
      const t = await connectedToBen();
      t.pc.becomes('failed');
      await t.elapse(RESTART_BOUND_MS - 1);
      expect(t.made).toHaveLength(1);
      await t.elapse(1);
      expect(t.pc.isClosed).toBe(true);
      expect(t.made).toHaveLength(2);
      const rebuilt = t.made[1]!;
      expect(rebuilt.offerOptions).toEqual([undefined]);
      expect(t.offers()).toHaveLength(3);
      expect(t.client.getSnapshot().remotes).toMatchObject([{ userId: 'ben', state: 'new' }]);
      // The old connection's timers are gone with it.
      await t.receive('ben', { type: 'answer', sdp: 'rebuilt-answer', offerId: 'call-4' });
      rebuilt.becomes('connected');
      await t.elapse(RESTART_BOUND_MS * 3);
      expect(t.made).toHaveLength(2);
    });

    it('does nothing when a disconnected connection comes back alone', async () => {
      const t = await connectedToBen();
      t.pc.becomes('disconnected');
      await t.elapse(DISCONNECTED_GRACE_MS - 1000);
      t.pc.becomes('connected');
      await t.elapse(RESTART_BOUND_MS * 2);
      expect(t.pc.iceRestarts).toBe(0);
      expect(t.offers()).toHaveLength(1);
      expect(t.made).toHaveLength(1);
    });

    it('answers an ICE restart on the same connection, and a new connection with a new one', async () => {
      const t = await started({ role: 'b' });
      const offer = (fingerprint: string) => ({
        type: 'offer' as const,
        sdp: `v=0\r\na=fingerprint:sha-256 ${fingerprint}\r\n`,
      });
      await t.receive('ana', offer('AA'));
      const first = t.pcs.get('ana')!;
      first.becomes('connected');
      await t.receive('ana', offer('AA'));
      expect(t.made).toHaveLength(1);
      expect(first.remoteDescription).toEqual(offer('AA'));
      expect(t.sentTo('ana').filter((s) => s.type === 'answer')).toHaveLength(2);
      await t.receive('ana', offer('BB'));
      expect(t.made).toHaveLength(2);
      expect(first.isClosed).toBe(true);
    });

    it('asks for a new connection when a restart comes for one it no longer has', async () => {
      const t = await started({ role: 'b' });
      const offer = { type: 'offer' as const, sdp: 'a=fingerprint:sha-256 AA' };
      await t.receive('ana', offer);
      t.pcs.get('ana')!.close();
      await t.receive('ana', offer);
      expect(t.sentTo('ana').at(-1)).toEqual({ type: 'hello', callId: 'call-1', camera: true });
      expect(t.made).toHaveLength(1);
    });

    it('leaves the restart to the offering side, and asks it for a new connection when none comes', async () => {
      const t = await started({ role: 'b' });
      await t.receive('ana', { type: 'offer', sdp: 'a=fingerprint:sha-256 AA' });
      const pc = t.pcs.get('ana')!;
      pc.becomes('connected');
      pc.becomes('failed');
      await t.elapse(ASK_AGAIN_MS - 1);
      expect(pc.iceRestarts).toBe(0);
      expect(t.sentTo('ana').filter((s) => s.type !== 'answer')).toEqual([]);
      await t.elapse(1);
      expect(t.sentTo('ana').at(-1)).toEqual({ type: 'hello', callId: 'call-1', camera: true });
      // Debater A takes that hello for a new start and offers a new connection.
      const a = await connectedToBen();
      await a.elapse(ASK_AGAIN_MS);
      await a.receive('ben', { type: 'hello', callId: 'ben-1', camera: true });
      expect(a.pc.isClosed).toBe(true);
      expect(a.offers()).toHaveLength(2);
    });

    it('between partners, the lower account id restarts a broken connection and the other only asks', async () => {
      // ana offered to her partner anya: she restarts ICE when it fails.
      const ana = await started({ role: 'a' });
      await ana.receive('anya', { type: 'hello', callId: 'anya-1', camera: true });
      const offered = ana.pcs.get('anya')!;
      offered.becomes('connected');
      offered.becomes('failed');
      await ana.elapse(1);
      expect(offered.iceRestarts).toBe(1);
      // anya answered it: she leaves the restart to ana, and asks for a new connection when none comes.
      const anya = await started({ role: 'a', userId: 'anya' });
      await anya.receive('ana', { type: 'offer', sdp: 'a=fingerprint:sha-256 AA', offerId: 'o-1' });
      const answered = anya.pcs.get('ana')!;
      answered.becomes('connected');
      answered.becomes('failed');
      await anya.elapse(ASK_AGAIN_MS);
      expect(answered.iceRestarts).toBe(0);
      expect(anya.sentTo('ana').at(-1)).toEqual({ type: 'hello', callId: 'call-1', camera: true });
    });
  });
  describe('starting a connection that always comes up (issue 42)', () => {
    it('ignores an answer to an older offer, and takes the one to the offer it waits on', async () => {
      const t = await started({ role: 'a' });
      await t.receive('sam', { type: 'hello', callId: 'sam-1' });
      await t.elapse(CONNECT_BOUND_MS);
      // The first connection never came up and was offered again: its late answer must not land on the new one.
      const offers = t.sentTo('sam').filter((s) => s.type === 'offer');
      expect(offers.map((o) => o.offerId)).toEqual(['call-2', 'call-3']);
      const pc = t.made[1]!;
      await t.receive('sam', { type: 'answer', sdp: 'old-answer', offerId: 'call-2' });
      expect(pc.remoteDescription).toBeNull();
      expect(pc.signalingState).toBe('have-local-offer');
      await t.receive('sam', { type: 'answer', sdp: 'new-answer', offerId: 'call-3' });
      expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'new-answer' });
    });

    it('answers with the offer’s id, and asks for a new offer instead of answering one made for an earlier call', async () => {
      const t = await started({ role: 'spectator' });
      await t.receive('ana', { type: 'offer', sdp: 'stale', offerId: 'o1', toCallId: 'call-0' });
      expect(t.made).toHaveLength(0);
      expect(t.sentTo('ana')).toEqual([{ type: 'hello', callId: 'call-1' }]);
      await t.receive('ana', { type: 'offer', sdp: 'fresh', offerId: 'o2', toCallId: 'call-1' });
      expect(t.made).toHaveLength(1);
      expect(t.sentTo('ana').at(-1)).toEqual({ type: 'answer', sdp: 'answer-sdp', offerId: 'o2' });
    });

    it('offers again until the connection comes up, and stops once it does', async () => {
      const t = await started({ role: 'a' });
      await t.receive('sam', { type: 'hello', callId: 'sam-1' });
      await t.elapse(CONNECT_BOUND_MS - 1);
      expect(t.made).toHaveLength(1);
      await t.elapse(1);
      expect(t.made).toHaveLength(2);
      expect(t.made[0]!.isClosed).toBe(true);
      await t.elapse(CONNECT_BOUND_MS);
      expect(t.made).toHaveLength(3);
      const last = t.made[2]!;
      await t.receive('sam', { type: 'answer', sdp: 'a', offerId: 'call-4' });
      last.becomes('connected');
      await t.elapse(CONNECT_BOUND_MS * 5);
      expect(t.made).toHaveLength(3);
      expect(t.sentTo('sam').filter((s) => s.type === 'offer')).toHaveLength(3);
    });

    it('offers again at once when a new connection fails, and gives one still checking one more bound', async () => {
      const t = await started({ role: 'a' });
      await t.receive('ben', { type: 'hello', callId: 'ben-1' });
      t.made[0]!.becomes('failed');
      await settle();
      expect(t.made).toHaveLength(2);
      const checking = t.made[1]!;
      await t.receive('ben', { type: 'answer', sdp: 'a', offerId: 'call-3' });
      checking.iceConnectionState = 'checking';
      checking.becomes('connecting');
      await t.elapse(CONNECT_BOUND_MS);
      expect(t.made).toHaveLength(2);
      await t.elapse(CONNECT_BOUND_MS);
      expect(t.made).toHaveLength(3);
    });

    it('as the answering side, asks for a new connection when one never comes up', async () => {
      const t = await started({ role: 'spectator' });
      await t.receive('ana', { type: 'offer', sdp: 'o', offerId: 'o1', toCallId: 'call-1' });
      await t.elapse(CONNECT_ASK_MS - 1);
      expect(t.sentTo('ana').filter((s) => s.type === 'hello')).toEqual([]);
      await t.elapse(1);
      expect(t.sentTo('ana').filter((s) => s.type === 'hello')).toEqual([{ type: 'hello', callId: 'call-1' }]);
      await t.elapse(CONNECT_ASK_MS);
      expect(t.sentTo('ana').filter((s) => s.type === 'hello')).toHaveLength(2);
    });

    it('does not start the call again for new ICE servers: later connections use them', async () => {
      const t = await started({ role: 'a' });
      await t.receive('ben', { type: 'hello', callId: 'ben-1' });
      const turn = { urls: 'turn:turn.example.org', username: 'u', credential: 'fresh' };
      t.client.setIceServers([turn]);
      expect(t.made).toHaveLength(1);
      expect(t.made[0]!.isClosed).toBe(false);
      expect(t.made[0]!.config.iceServers).toEqual([turn]);
      expect(t.sentTo(undefined).filter((s) => s.type === 'hello')).toHaveLength(1);
      await t.receive('jo', { type: 'hello', callId: 'jo-1' });
      expect(t.pcs.get('jo')!.config.iceServers).toEqual([turn]);
    });
  });

  describe('media that stops arriving on a connection that says connected', () => {
    it('shows reconnecting STALL_MS after media last grew, restarts ICE soon after, and is back when media flows', async () => {
      const t = await started({ role: 'a' });
      await t.receive('ben', { type: 'hello', callId: 'ben-1' });
      await t.receive('ben', { type: 'answer', sdp: 'a', offerId: 'call-2' });
      const pc = t.pcs.get('ben')!;
      pc.becomes('connected');
      for (let i = 0; i < 6; i++) {
        pc.bytesReceived += 5000;
        await t.elapse(FLOW_SAMPLE_MS);
      }
      expect(t.client.getSnapshot().remotes[0]!.state).toBe('connected');
      // The network drops: nothing more arrives, and ICE still says connected.
      await t.elapse(STALL_MS - FLOW_SAMPLE_MS);
      expect(t.client.getSnapshot().remotes[0]!.state).toBe('connected');
      await t.elapse(FLOW_SAMPLE_MS);
      expect(t.client.getSnapshot().remotes[0]!.state).toBe('disconnected');
      expect(pc.iceRestarts).toBe(0);
      await t.elapse(STALLED_GRACE_MS);
      expect(pc.iceRestarts).toBe(1);
      expect(t.sentTo('ben').filter((s) => s.type === 'offer')).toHaveLength(2);
      // Media returns on the same connection: connected again, and nothing more is restarted or rebuilt.
      pc.bytesReceived += 5000;
      await t.elapse(FLOW_SAMPLE_MS);
      expect(t.client.getSnapshot().remotes[0]!.state).toBe('connected');
      for (let ms = 0; ms < RESTART_BOUND_MS * 2; ms += FLOW_SAMPLE_MS) {
        pc.bytesReceived += 5000;
        await t.elapse(FLOW_SAMPLE_MS);
      }
      expect(t.made).toHaveLength(1);
      expect(pc.iceRestarts).toBe(1);
      expect(t.client.getSnapshot().remotes[0]!.state).toBe('connected');
    });
  });
});
