import { expect, type Locator, type Page } from '@playwright/test';

/** /chat (spec §2): the message list, the composer, the admin-only filter and the lock's banner. */
export class ChatPage {
  readonly heading: Locator;
  readonly view: Locator;
  readonly list: Locator;
  readonly messages: Locator;
  readonly outbox: Locator;
  readonly count: Locator;
  readonly presence: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly adminOnly: Locator;
  readonly emptyState: Locator;
  /** The banner while an admin lets only established accounts post. */
  readonly lockBanner: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Community Chat' });
    this.view = page.getByTestId('chat-view');
    this.list = page.getByTestId('chat-list');
    this.messages = page.getByTestId('chat-message');
    this.outbox = page.getByTestId('chat-outbox-item');
    this.count = page.getByTestId('chat-count');
    this.presence = page.getByTestId('chat-presence');
    this.input = page.getByPlaceholder('Type your message here...');
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
    this.adminOnly = page.getByRole('checkbox', { name: 'Admin messages only' });
    this.emptyState = page.getByText('No messages yet', { exact: true });
    this.lockBanner = page.getByTestId('chat-lock-banner');
  }

  async goto() {
    await this.page.goto('/chat');
    await expect(this.heading).toBeVisible();
    // Joined: the presence count arrives with the join acknowledgement.
    await expect(this.presence).toBeVisible();
  }

  /** The stored message whose text is exactly `text`. */
  message(text: string): Locator {
    return this.messages.filter({ has: this.page.getByText(text, { exact: true }) });
  }

  author(message: Locator): Locator {
    return message.getByTestId('chat-message-author');
  }

  async send(text: string) {
    await this.input.fill(text);
    await this.sendButton.click();
  }
}
