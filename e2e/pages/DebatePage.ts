import fs from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** One <video> of a page as a test reads it. */
export interface TVideoState {
  isPlaying: boolean;
  isPaused: boolean;
  readyState: number;
  width: number;
  hasStream: boolean;
}

/** A file a test shares or downloads: its name and its bytes. */
export interface TTestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * /debates (find an opponent, live list, history), /debates/:id (the debate room) and /debates/:id/replay (the
 * replay, which shows the round's ballot with the room's own component).
 */
export class DebatePage {
  readonly findButton: Locator;
  readonly waiting: Locator;
  readonly resolution: Locator;
  readonly clock: Locator;
  readonly clockStatus: Locator;
  readonly rtcState: Locator;
  readonly ballot: Locator;
  readonly status: Locator;
  readonly judgeButton: Locator;
  readonly spectators: Locator;
  readonly schedule: Locator;
  readonly judgeName: Locator;
  readonly recordingConsent: Locator;
  readonly recordingState: Locator;
  readonly evidenceList: Locator;
  readonly flowSaveState: Locator;
  readonly chat: Locator;
  readonly chatInput: Locator;
  readonly poiWindow: Locator;
  readonly poiTimer: Locator;
  readonly poiCount: Locator;
  readonly offerPoiButton: Locator;
  readonly poiOffer: Locator;
  readonly replaySegments: Locator;
  readonly replayChat: Locator;
  readonly replayEvidence: Locator;
  readonly replayFlow: Locator;
  readonly replayRecordings: Locator;
  readonly coinFlip: Locator;
  readonly coinFlipText: Locator;

  constructor(readonly page: Page) {
    this.findButton = page.getByRole('button', { name: 'Find an opponent' });
    this.waiting = page.getByTestId('queue-waiting');
    this.resolution = page.getByTestId('debate-resolution');
    this.clock = page.getByTestId('debate-clock');
    this.clockStatus = page.getByTestId('clock-status');
    this.rtcState = page.getByTestId('rtc-state');
    this.ballot = page.getByTestId('ballot');
    this.status = page.getByTestId('debate-status');
    this.judgeButton = page.getByRole('button', { name: 'Judge this debate' });
    this.spectators = page.getByTestId('spectators');
    this.schedule = page.getByTestId('speech-schedule');
    this.judgeName = page.getByTestId('judge-name');
    this.recordingConsent = page.getByLabel('Record this round for the replay (both debaters must agree)');
    this.recordingState = page.getByTestId('recording-state');
    this.evidenceList = page.getByTestId('evidence-list');
    this.flowSaveState = page.getByTestId('flow-save-state');
    this.chat = page.getByTestId('round-chat');
    this.chatInput = page.getByLabel('Message', { exact: true });
    this.poiWindow = page.getByTestId('poi-window');
    this.poiTimer = page.getByTestId('poi-timer');
    this.poiCount = page.getByTestId('poi-count');
    this.offerPoiButton = page.getByRole('button', { name: 'Offer a point of information' });
    this.poiOffer = page.getByTestId('poi-panel').filter({ hasText: 'The other side offers a point of information.' });
    this.replaySegments = page.getByTestId('replay-segment');
    this.replayChat = page.getByTestId('replay-chat');
    this.replayEvidence = page.getByTestId('replay-evidence');
    this.replayFlow = page.getByTestId('replay-flow');
    this.replayRecordings = page.getByTestId('replay-recording');
    this.coinFlip = page.getByTestId('coin-flip');
    this.coinFlipText = page.getByTestId('coin-flip-text');
  }

  /**
   * Opens the round's room and waits for its clock: the room's chunk and its join over the socket, slow while other
   * browsers run calls on a 2-core machine. A test that opens a room beside many pages decoding video gives more.
   */
  async gotoRoom(debateId: number, { timeout = 15_000 }: { timeout?: number } = {}) {
    await this.page.goto(`/debates/${debateId}`);
    await expect(this.clock).toBeVisible({ timeout });
  }

  async gotoReplay(debateId: number) {
    await this.page.goto(`/debates/${debateId}/replay`);
    await expect(this.page.getByRole('heading', { level: 1, name: /^Replay: / })).toBeVisible();
  }

  async gotoDebates() {
    await this.page.goto('/debates');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Debates' })).toBeVisible();
  }

  async chooseFormat(formatName: string) {
    await this.page.getByRole('group', { name: 'Format', exact: true }).getByText(formatName, { exact: true }).click();
  }

  async findOpponent(formatName: string) {
    await this.chooseFormat(formatName);
    await this.findButton.click();
  }

  /** The side card ("Affirmative", …) that says "(you)". */
  async mySide(): Promise<string> {
    const mine = this.page.locator('[data-testid^="debater-"]', { hasText: '(you)' });
    await expect(mine).toHaveCount(1);
    return (await mine.locator('p').first().textContent()) ?? '';
  }

  button(name: string | RegExp) {
    return this.page.getByRole('button', { name });
  }

  /** The <video> labelled "You", "Your opponent", "Affirmative", "Judge", … */
  video(label: string): Locator {
    return this.page.locator(`video[aria-label="${label}"]`);
  }

  /**
   * Every <video> with this label as it stands, without waiting (an empty list while there is none): whether it plays
   * frames, and what that is judged from (for a failure's message).
   */
  videoStates(label: string): Promise<TVideoState[]> {
    return this.video(label).evaluateAll((videos: HTMLVideoElement[]) =>
      videos.map((v) => ({
        isPlaying: !v.paused && v.readyState >= 2 && v.videoWidth > 0,
        isPaused: v.paused,
        readyState: v.readyState,
        width: v.videoWidth,
        hasStream: !!v.srcObject,
      })),
    );
  }

  /**
   * Whether exactly one <video> carries the label and it plays frames. It answers at once (false while there is no
   * such video, or two), so a poll reads it again instead of hanging on an element that is not there yet.
   */
  async videoIsPlaying(label: string): Promise<boolean> {
    const states = await this.videoStates(label);
    return states.length === 1 && states[0]!.isPlaying;
  }

  /** Seconds shown on the clock face (m:ss). */
  async clockSeconds(): Promise<number> {
    const text = (await this.clock.textContent()) ?? '';
    const match = /^(\d+):(\d{2})$/.exec(text.trim());
    if (!match) throw new Error(`unexpected clock text "${text}"`);
    return Number(match[1]) * 60 + Number(match[2]);
  }

  /** Shares `file` from the room's evidence panel. */
  async shareFile(file: TTestFile) {
    await this.page.getByLabel(/^Share a file/).setInputFiles(file);
    await this.page.getByRole('button', { name: 'Share file' }).click();
  }

  /** Clicks the evidence link named `name` inside `list` (the room's or the replay's) and reads the download. */
  async downloadEvidence(list: Locator, name: string): Promise<{ suggestedName: string; bytes: Buffer; href: string }> {
    const link = list.getByRole('link').filter({ hasText: name });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    const download = this.page.waitForEvent('download');
    await link.click();
    const file = await download;
    return { suggestedName: file.suggestedFilename(), bytes: await fs.readFile((await file.path())!), href };
  }

  /** One cell of the viewer's own flow: `speechName` is the speech's full name ("Prime Minister Constructive"). */
  flowCell(speechName: string, row = 1): Locator {
    return this.page.getByLabel(`${speechName}, row ${row}`, { exact: true });
  }

  async sendChatMessage(text: string) {
    await this.chatInput.fill(text);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(this.chat).toContainText(text);
  }

  /** Pauses or resumes through the room's clock controls and waits for the room to show it. */
  async pauseClock() {
    await this.button('Pause').click();
    await expect(this.clockStatus).toHaveText(/^Paused/);
  }

  async resumeClock() {
    await this.button('Resume').click();
    await expect(this.clockStatus).toHaveText(/^Running/);
  }
}
