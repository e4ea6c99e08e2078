import { describe, expect, it } from 'vitest';
import { FEEDS_FOLLOW_UPS_MS, ICE_GATHER_TIMEOUT_MS, RETRY_DELAYS_MS } from './sfu-client';
import { DISCONNECTED_GRACE_MS } from './peer-recovery';
import { asStream, camera, FakeStream, FakeTrack, GRANT, ICE, settle, setup, VIEW } from './sfu-fakes';

describe('SfuClient publishing', () => {
  it('publishes the stream once, sendonly, with the whole gathered offer, and applies the answer', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE, 'relay');
    const stream = camera();
    t.client.setPublishStream(asStream(stream));
    await settle();
    expect(t.made).toHaveLength(1);
    const pc = t.made[0]!;
    expect(pc.config).toEqual({ iceServers: ICE, iceTransportPolicy: 'relay' });
    expect(pc.transceivers.map((x) => [x.kind, x.direction, x.sender.track])).toEqual([
      ['audio', 'sendonly', stream.tracks[0]],
      ['video', 'sendonly', stream.tracks[1]],
    ]);
    expect(t.named('sfu.publish')).toEqual([{ debateId: 7, token: 'grant-1', offer: 'browser-offer+candidates' }]);
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'janus-answer' });
    pc.becomes('connected');
    expect(t.client.getSnapshot().publishState).toBe('connected');
  });

  it('waits for ICE gathering to finish, or sends what it has after the timeout', async () => {
    const t = setup();
    t.setGatherAtOnce(false);
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    expect(t.named('sfu.publish')).toHaveLength(0);
    await t.elapse(ICE_GATHER_TIMEOUT_MS - 1);
    expect(t.named('sfu.publish')).toHaveLength(0);
    await t.elapse(1);
    expect(t.named('sfu.publish')).toHaveLength(1);
  });

  it('publishes again from scratch after the connection fails, backing off, and from the start once it worked', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    t.made[0]!.becomes('failed');
    expect(t.made[0]!.isClosed).toBe(true);
    await t.elapse(RETRY_DELAYS_MS[0] - 1);
    expect(t.made).toHaveLength(1);
    await t.elapse(1);
    expect(t.made).toHaveLength(2);
    expect(t.named('sfu.publish')).toHaveLength(2);
    // A second failure in a row waits longer.
    t.made[1]!.becomes('failed');
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.made).toHaveLength(2);
    await t.elapse(RETRY_DELAYS_MS[1] - RETRY_DELAYS_MS[0]);
    expect(t.made).toHaveLength(3);
    // Once connected, the next failure starts from the first delay again; no unpublish on the way.
    t.made[2]!.becomes('connected');
    t.made[2]!.becomes('failed');
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.made).toHaveLength(4);
    expect(t.named('sfu.unpublish')).toHaveLength(0);
  });

  it('publishes again after a disconnection that does not heal, not after one that does', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    const pc = t.made[0]!;
    pc.becomes('connected');
    pc.becomes('disconnected');
    await t.elapse(DISCONNECTED_GRACE_MS / 2);
    pc.becomes('connected');
    await t.elapse(DISCONNECTED_GRACE_MS * 2);
    expect(t.made).toHaveLength(1);
    pc.becomes('disconnected');
    await t.elapse(DISCONNECTED_GRACE_MS + RETRY_DELAYS_MS[0]);
    expect(pc.isClosed).toBe(true);
    expect(t.made).toHaveLength(2);
  });

  it('stops publishing when the server refuses it (a judge the host replaced), instead of asking for ever', async () => {
    const t = setup();
    t.replies['sfu.publish'] = () => ({
      ok: false,
      error: { code: 'forbidden', message: 'Only the debaters and the judge send audio and video.' },
    });
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    expect(t.made[0]!.isClosed).toBe(true);
    await t.elapse(RETRY_DELAYS_MS.at(-1)!);
    expect(t.named('sfu.publish')).toHaveLength(1);
    expect(t.client.getSnapshot().publishState).toBeNull();
  });

  it('tries an unanswered publish, or one the server could not take now, again quietly', async () => {
    const t = setup();
    t.replies['sfu.publish'] = () => ({ ok: false, error: { code: 'timeout', message: 'The server did not answer.' } });
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    expect(t.made[0]!.isClosed).toBe(true);
    t.replies['sfu.publish'] = () => ({ ok: true, data: { answer: 'janus-answer' } });
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.named('sfu.publish')).toHaveLength(2);
    expect(t.made[1]!.remoteDescription?.sdp).toBe('janus-answer');
    expect(t.client.getSnapshot().refusal).toBeNull();
  });

  it('takes the camera off and on by replacing the sender’s track, and unpublishes when told to stop', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE);
    const stream = camera();
    t.client.setPublishStream(asStream(stream));
    await settle();
    const video = t.made[0]!.transceivers[1]!.sender;
    t.client.setPublishStream(asStream(new FakeStream([stream.tracks[0]!])));
    expect(video.replaced).toEqual([null]);
    const newCamera = new FakeTrack('video');
    t.client.setPublishStream(asStream(new FakeStream([stream.tracks[0]!, newCamera])));
    expect(video.replaced).toEqual([null, newCamera]);
    expect(t.made).toHaveLength(1);
    t.client.setPublishStream(null);
    await settle();
    expect(t.made[0]!.isClosed).toBe(true);
    expect(t.named('sfu.unpublish')).toEqual([{ debateId: 7, token: 'grant-1' }]);
    expect(t.client.getSnapshot().publishState).toBeNull();
  });

  it('stops publishing for good when the round is over', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    t.client.handleEnded(7, 'round_over');
    t.made[0]!.becomes('failed');
    await t.elapse(RETRY_DELAYS_MS.at(-1)!);
    expect(t.made).toHaveLength(1);
    expect(t.made[0]!.isClosed).toBe(true);
  });
});

describe('SfuClient viewing', () => {
  async function viewing() {
    const t = setup();
    t.client.start(7, VIEW, ICE);
    await settle();
    return t;
  }
  const remoteIds = (t: ReturnType<typeof setup>) => t.client.getSnapshot().remotes.map((r) => r.userId);

  it('subscribes to every feed, answers the server’s offer with a gathered answer, and shows the streams by user', async () => {
    const t = await viewing();
    expect(t.named('sfu.feeds')).toEqual([{ debateId: 7, token: 'grant-1' }]);
    expect(t.named('sfu.subscribe').map((p) => p.feedUserId)).toEqual(['ana', 'ben']);
    expect(t.made.map((pc) => pc.remoteDescription)).toEqual([
      { type: 'offer', sdp: 'janus-offer-ana' },
      { type: 'offer', sdp: 'janus-offer-ben' },
    ]);
    // The browser adds no sending transceiver: what it receives is the server's offer.
    expect(t.made.every((pc) => pc.transceivers.length === 0)).toBe(true);
    expect(t.named('sfu.start')).toEqual([
      { debateId: 7, token: 'grant-1', subscriptionId: 'sub-1', answer: 'browser-answer+candidates' },
      { debateId: 7, token: 'grant-1', subscriptionId: 'sub-2', answer: 'browser-answer+candidates' },
    ]);
    const anaStream = camera();
    t.made[0]!.ontrack?.({ streams: [anaStream], track: anaStream.tracks[0] });
    t.made[0]!.becomes('connected');
    expect(t.client.getSnapshot().remotes).toEqual([
      { userId: 'ana', stream: anaStream, state: 'connected' },
      { userId: 'ben', stream: null, state: 'new' },
    ]);
    // The tiles' quality indicator reads each feed's own connection.
    expect(t.client.connectionOf('ana')).toBe(t.made[0]);
    expect(t.client.connectionOf('ben')).toBe(t.made[1]);
    expect(t.client.connectionOf('jo')).toBeUndefined();
  });

  it('follows the feeds as they change: new ones subscribed, gone ones closed and left', async () => {
    const t = await viewing();
    t.setFeeds(['ben', 'jo']);
    t.client.handleFeedsChanged(7);
    await settle();
    expect(t.made[0]!.isClosed).toBe(true);
    expect(t.named('sfu.leave')).toEqual([{ debateId: 7, token: 'grant-1', subscriptionId: 'sub-1' }]);
    expect(t.named('sfu.subscribe').map((p) => p.feedUserId)).toEqual(['ana', 'ben', 'jo']);
    expect(remoteIds(t)).toEqual(['ben', 'jo']);
    // Another round's change is not this one's.
    t.client.handleFeedsChanged(8);
    await settle();
    expect(t.named('sfu.feeds')).toHaveLength(2);
  });

  it('asks again a few times after a change, for a feed the server lists only once its publisher is up', async () => {
    const t = setup();
    t.setFeeds(['ana']);
    t.client.start(7, VIEW, ICE);
    await settle();
    t.setFeeds(['ana', 'ben']);
    await t.elapse(FEEDS_FOLLOW_UPS_MS[0]);
    expect(t.named('sfu.feeds')).toHaveLength(2);
    expect(remoteIds(t)).toEqual(['ana', 'ben']);
    // The asking stops after the last follow-up, until the next change.
    await t.elapse(FEEDS_FOLLOW_UPS_MS.reduce((sum, ms) => sum + ms, 0) * 2);
    expect(t.named('sfu.feeds')).toHaveLength(FEEDS_FOLLOW_UPS_MS.length + 1);
    t.client.handleFeedsChanged(7);
    await t.elapse(FEEDS_FOLLOW_UPS_MS[0]);
    expect(t.named('sfu.feeds')).toHaveLength(FEEDS_FOLLOW_UPS_MS.length + 3);
  });

  it('asks again when its request overtook the rejoin, and subscribes again to a subscription the server lost', async () => {
    const t = setup();
    t.replies['sfu.feeds'] = () => ({
      ok: false,
      error: { code: 'forbidden', reason: 'not_in_round', message: 'Open the round before watching it.' },
    });
    t.client.start(7, VIEW, ICE);
    await settle();
    expect(t.client.getSnapshot().refusal).toBeNull();
    t.setFeeds(['ana']);
    t.replies['sfu.feeds'] = () => ({ ok: true, data: { feeds: [{ userId: 'ana', publicationId: 'ana-1' }] } });
    t.replies['sfu.start'] = () => ({
      ok: false,
      error: { code: 'not_found', message: 'That subscription has ended. Subscribe again.' },
    });
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.named('sfu.subscribe')).toHaveLength(1);
    t.replies['sfu.start'] = () => ({ ok: true, data: undefined });
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.named('sfu.subscribe')).toHaveLength(2);
    expect(t.named('sfu.start')).toHaveLength(2);
    expect(t.client.getSnapshot().refusal).toBeNull();
    expect(remoteIds(t)).toEqual(['ana']);
  });

  it('subscribes again to a feed whose connection failed', async () => {
    const t = await viewing();
    t.made[1]!.becomes('failed');
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.made[1]!.isClosed).toBe(true);
    expect(t.named('sfu.leave')).toEqual([{ debateId: 7, token: 'grant-1', subscriptionId: 'sub-2' }]);
    expect(t.named('sfu.subscribe').map((p) => p.feedUserId)).toEqual(['ana', 'ben', 'ben']);
    expect(t.made[2]!.remoteDescription?.sdp).toBe('janus-offer-ben');
    expect(remoteIds(t)).toEqual(['ana', 'ben']);
  });

  it('subscribes again to a participant who published anew, though the old connection still says connected', async () => {
    const t = await viewing();
    for (const pc of t.made) pc.becomes('connected');
    t.republish('ben');
    t.client.handleFeedsChanged(7);
    await settle();
    // Only ben's subscription is replaced: the media server sends nothing more on the old one.
    expect(t.made[1]!.isClosed).toBe(true);
    expect(t.made[0]!.isClosed).toBe(false);
    expect(t.named('sfu.leave')).toEqual([{ debateId: 7, token: 'grant-1', subscriptionId: 'sub-2' }]);
    expect(t.named('sfu.subscribe').map((p) => p.feedUserId)).toEqual(['ana', 'ben', 'ben']);
    expect(remoteIds(t)).toEqual(['ana', 'ben']);
    // The same publication listed again changes nothing.
    t.client.handleFeedsChanged(7);
    await settle();
    expect(t.named('sfu.subscribe')).toHaveLength(3);
  });

  it('closes everything when the server ends the viewing, and asks again only with a new grant', async () => {
    const t = await viewing();
    t.client.handleEnded(7, 'watch_withdrawn');
    expect(t.made.every((pc) => pc.isClosed)).toBe(true);
    expect(t.client.getSnapshot().remotes).toEqual([]);
    t.client.handleFeedsChanged(7);
    await settle();
    expect(t.named('sfu.feeds')).toHaveLength(1);
    t.client.start(7, VIEW, ICE);
    await settle();
    expect(t.named('sfu.feeds')).toHaveLength(1);
    t.client.start(7, { ...VIEW, token: 'grant-2' }, ICE);
    await settle();
    expect(t.named('sfu.feeds')).toEqual([
      { debateId: 7, token: 'grant-1' },
      { debateId: 7, token: 'grant-2' },
    ]);
    expect(remoteIds(t)).toEqual(['ana', 'ben']);
  });

  it('shows a refusal (the viewer limit) and stops asking; an unanswered request is tried again quietly', async () => {
    const t = setup();
    t.replies['sfu.feeds'] = () => ({ ok: false, error: { code: 'timeout', message: 'The server did not answer.' } });
    t.client.start(7, VIEW, ICE);
    await settle();
    expect(t.client.getSnapshot().refusal).toBeNull();
    t.replies['sfu.feeds'] = () => ({ ok: true, data: { feeds: [{ userId: 'ana', publicationId: 'ana-1' }] } });
    t.replies['sfu.subscribe'] = () => ({
      ok: false,
      error: { code: 'conflict', message: 'This round already has 100 viewers.' },
    });
    await t.elapse(RETRY_DELAYS_MS[0]);
    expect(t.named('sfu.feeds')).toHaveLength(2);
    expect(t.client.getSnapshot().refusal?.message).toBe('This round already has 100 viewers.');
    t.client.handleFeedsChanged(7);
    await t.elapse(RETRY_DELAYS_MS.at(-1)!);
    expect(t.named('sfu.feeds')).toHaveLength(2);
    expect(t.named('sfu.subscribe')).toHaveLength(1);
  });

  it('stop closes every connection and leaves; a publisher also unpublishes', async () => {
    const t = await viewing();
    t.client.stop();
    await settle();
    expect(t.made.every((pc) => pc.isClosed)).toBe(true);
    expect(t.named('sfu.leave')).toEqual([{ debateId: 7, token: 'grant-1' }]);
    expect(t.client.getSnapshot().remotes).toEqual([]);

    const p = setup();
    p.client.start(7, GRANT, ICE);
    p.client.setPublishStream(asStream(camera()));
    await settle();
    p.client.stop();
    await settle();
    expect(p.made[0]!.isClosed).toBe(true);
    expect(p.named('sfu.unpublish')).toEqual([{ debateId: 7, token: 'grant-1' }]);
  });
});

describe('SfuClient in a call through the media server', () => {
  it('publishes once and receives every other participant, each over its own connection', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE, 'all', true);
    const stream = camera();
    t.client.setPublishStream(asStream(stream));
    await settle();
    expect(t.named('sfu.publish')).toHaveLength(1);
    expect(t.named('sfu.feeds')).toEqual([{ debateId: 7, token: 'grant-1' }]);
    expect(t.named('sfu.subscribe').map((p) => p.feedUserId)).toEqual(['ana', 'ben']);
    const [publication, ana, ben] = t.made;
    expect(publication!.transceivers.map((x) => x.direction)).toEqual(['sendonly', 'sendonly']);
    expect(t.client.getSnapshot().remotes.map((r) => r.userId)).toEqual(['ana', 'ben']);
    // The tiles' connection check reads each feed's own subscription.
    expect(t.client.connectionOf('ana')).toBe(ana);
    expect(t.client.connectionOf('ben')).toBe(ben);
    // A grant renewed by a rejoin keeps every connection; a round that is no longer a call starts afresh.
    t.client.start(7, { ...GRANT, token: 'grant-2' }, ICE, 'all', true);
    expect(t.made.some((pc) => pc.isClosed)).toBe(false);
    t.client.start(7, GRANT, ICE, 'all', false);
    expect(t.made.every((pc) => pc.isClosed)).toBe(true);
    expect(t.client.getSnapshot().remotes).toEqual([]);
  });

  it('keeps receiving when spectators stop being let in, and stops everything when the round is over', async () => {
    const t = setup();
    t.client.start(7, GRANT, ICE, 'all', true);
    t.client.setPublishStream(asStream(camera()));
    await settle();
    t.client.handleEnded(7, 'watch_withdrawn');
    t.client.handleEnded(7, 'blocked');
    expect(t.made.some((pc) => pc.isClosed)).toBe(false);
    expect(t.client.getSnapshot().remotes).toHaveLength(2);
    t.client.handleEnded(7, 'round_over');
    expect(t.made.every((pc) => pc.isClosed)).toBe(true);
    expect(t.client.getSnapshot().remotes).toEqual([]);
    expect(t.client.getSnapshot().publishState).toBeNull();
  });
});
