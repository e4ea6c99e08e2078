import { expect, type Locator, type Page } from '@playwright/test';

/** /debates (find an opponent, live list, history) and /debates/:id (the debate room). */
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

  /** Whether the labelled <video> is playing frames. */
  videoIsPlaying(label: string): Promise<boolean> {
    return this.video(label).evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.videoWidth > 0);
  }

  /** Seconds shown on the clock face (m:ss). */
  async clockSeconds(): Promise<number> {
    const text = (await this.clock.textContent()) ?? '';
    const match = /^(\d+):(\d{2})$/.exec(text.trim());
    if (!match) throw new Error(`unexpected clock text "${text}"`);
    return Number(match[1]) * 60 + Number(match[2]);
  }
}
