import { expect, type Locator, type Page } from '@playwright/test';

/** The tournaments pages: the list with its forms (`/tournaments`) and one tournament (`/tournaments/:id`). */
export class TournamentPages {
  readonly heading: Locator;
  readonly joinCode: Locator;
  readonly entrants: Locator;
  readonly pairings: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.joinCode = page.getByTestId('tournament-join-code');
    this.entrants = page.getByTestId('tournament-entrants');
    this.pairings = page.getByTestId('tournament-pairing');
  }

  /** The "Create a tournament" form, filled and sent; returns the new tournament's id from the page it opens. */
  async create(input: {
    name: string;
    format: string;
    prelimRounds: number;
    breakLabel: string;
    entrants?: string;
    /** British Parliamentary: "7 minutes (universities)" or "5 minutes (schools)". */
    speechLength?: string;
  }) {
    await this.page.goto('/tournaments');
    const form = this.page.getByRole('region', { name: 'Create a tournament' });
    await form.getByLabel('Tournament name').fill(input.name);
    await form.getByLabel('Format').selectOption({ label: input.format });
    // A partner format: one debater or a team per entrant ("Teams of 2").
    if (input.entrants) await form.getByLabel('Entrants').selectOption({ label: input.entrants });
    await form.getByLabel('Preliminary rounds').selectOption(String(input.prelimRounds));
    await form.getByLabel('Break').selectOption({ label: input.breakLabel });
    if (input.speechLength) await form.getByLabel('Speech length').selectOption({ label: input.speechLength });
    await form.getByLabel('By join code').check();
    await form.getByRole('button', { name: 'Create tournament' }).click();
    await expect(this.page).toHaveURL(/\/tournaments\/\d+$/);
    await expect(this.heading).toHaveText(input.name);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The "Join with a code" form on `/tournaments`. */
  async joinWithCode(code: string) {
    await this.page.goto('/tournaments');
    const form = this.page.getByRole('form', { name: 'Join with a code' });
    await form.getByLabel('Tournament code').fill(code);
    await form.getByRole('button', { name: 'Enter tournament' }).click();
  }

  async goto(id: number) {
    await this.page.goto(`/tournaments/${id}`);
    await expect(this.heading).toBeVisible();
  }

  /** A host's line for the pairing naming `name`. */
  pairingOf(name: string): Locator {
    return this.pairings.filter({ hasText: name });
  }

  /** The hosts' audit of corrections. */
  get audit(): Locator {
    return this.page.getByTestId('tournament-audit');
  }

  /** The host's release button: "Release round 2" for a number, else by the round's name ("the final"). */
  releaseButton(round: number | string): Locator {
    const name = typeof round === 'number' ? `round ${round}` : round;
    return this.page.getByRole('button', { name: `Release ${name}`, exact: true });
  }
}
