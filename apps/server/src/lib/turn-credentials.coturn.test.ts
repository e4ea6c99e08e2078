import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coturnMissing, startTurnServer, type TCoturn } from '../test/coturn';
import { allocate } from '../test/turn';
import { mintTurnCredentials } from './turn-credentials';

const SECRET = 'shared-with-coturn';
// Locally a machine without coturn skips with the reason; in CI the suite runs and fails instead.
const missing = process.env.CI ? null : coturnMissing();
if (missing) console.warn(`[tests] coturn tests skipped: ${missing}`);

describe.skipIf(missing !== null)('credentials minted for coturn (use-auth-secret)', () => {
  let turn: TCoturn;

  beforeAll(async () => {
    turn = await startTurnServer(SECRET, 'udp');
  });
  afterAll(async () => {
    await turn?.stop();
  });

  it('opens a relay with a fresh credential', async () => {
    const { username, credential } = mintTurnCredentials(SECRET, 'ada', 3600, Date.now());
    expect(await allocate(turn.port, username, credential)).toEqual({ isAllocated: true });
  });

  it('refuses a credential past its expiry, one for another user, and one made with another secret', async () => {
    // Expired 100 s ago: a second or two could fall within the rounding of the expiry to whole seconds.
    const expired = mintTurnCredentials(SECRET, 'ada', 3600, Date.now() - 3700_000);
    expect(await allocate(turn.port, expired.username, expired.credential)).toMatchObject({
      isAllocated: false,
      code: 401,
    });
    const now = Date.now();
    const ada = mintTurnCredentials(SECRET, 'ada', 3600, now);
    const grace = mintTurnCredentials(SECRET, 'grace', 3600, now);
    expect(await allocate(turn.port, ada.username, grace.credential)).toMatchObject({ isAllocated: false, code: 401 });
    const forged = mintTurnCredentials('not-the-secret', 'ada', 3600, now);
    expect(await allocate(turn.port, forged.username, forged.credential)).toMatchObject({
      isAllocated: false,
      code: 401,
    });
  });
});
