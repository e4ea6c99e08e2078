import { expect, test } from '../support/fixtures';
import { E2E_PASSWORD, signInAs, uniqueEmail } from '../support/accounts';
import { readTestDatabase } from '../support/database';
import { BASE_URL, TEST_ADMIN_EMAILS } from '../support/env';
import { RoomsPage } from '../pages/RoomsPage';
import { LoginForm } from '../pages/AuthPages';

test.describe('meeting rooms', () => {
  test('a user creates a room; it survives a reload, shows live to others, and the creator deletes it', async ({
    page,
    browser,
  }) => {
    await signInAs(page.context(), uniqueEmail('rooms-creator'));
    const rooms = new RoomsPage(page);
    await rooms.goto();

    const otherContext = await browser.newContext();
    const other = new RoomsPage(await otherContext.newPage());
    await other.goto();

    const name = `PF practice ${Date.now()}`;
    await rooms.toggle.click();
    await expect(rooms.toggle).toHaveText(/Cancel/);
    await rooms.createRoom(name, 'https://meet.google.com/abc-defg-hij');
    await expect(page.getByText(`Room “${name}” created.`)).toBeVisible();
    // The form clears and closes (spec §4).
    await expect(rooms.nameInput).toHaveCount(0);
    await expect(rooms.toggle).toHaveText(/Create Your Own Room/);

    const card = rooms.room(name);
    const link = card.getByRole('link', { name: /Click to join Google Meet/ });
    await expect(link).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // Stored with an id from 7 upward.
    const stored = readTestDatabase((db) => db.prepare('select id, "isFixed" from rooms where name = ?').get(name)) as {
      id: number;
      isFixed: number;
    };
    expect(stored.id).toBeGreaterThanOrEqual(7);
    expect(stored.isFixed).toBe(0);

    // Another visitor's grid updates without a reload.
    await expect(other.room(name)).toBeVisible();
    await expect(other.room(name).getByRole('button', { name: /Delete/ })).toHaveCount(0);

    await page.reload();
    await expect(rooms.room(name)).toBeVisible();

    await rooms
      .room(name)
      .getByRole('button', { name: /Delete/ })
      .click();
    await rooms.room(name).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(`Room “${name}” deleted.`)).toBeVisible();
    await expect(rooms.room(name)).toHaveCount(0);
    await expect(other.room(name)).toHaveCount(0);
    await page.reload();
    await expect(rooms.grid).toBeVisible();
    await expect(rooms.room(name)).toHaveCount(0);
    await otherContext.close();
  });

  test('a javascript: link is refused with a clear message and nothing is created', async ({ page }) => {
    await signInAs(page.context(), uniqueEmail('rooms-evil'));
    const rooms = new RoomsPage(page);
    await rooms.goto();
    const name = `Sneaky ${Date.now()}`;
    await rooms.createRoom(name, 'javascript:alert(document.cookie)');
    await expect(page.getByText('Meeting Link must be a web address starting with http:// or https://.')).toBeVisible();
    await expect(rooms.linkInput).toHaveAttribute('aria-invalid', 'true');
    await expect(rooms.room(name)).toHaveCount(0);

    // The server refuses it too, whatever the client does.
    const res = await page.request.post('/api/rooms', {
      headers: { origin: new URL(page.url()).origin },
      data: { name, zoomLink: 'javascript:alert(1)' },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toBe(
      'Meeting Link must be a web address starting with http:// or https://.',
    );
    const count = readTestDatabase((db) => db.prepare('select count(*) as n from rooms where name = ?').get(name)) as {
      n: number;
    };
    expect(count.n).toBe(0);
  });

  test('a visitor pressing Create Your Own Room is sent to log in and comes back', async ({ page, browser }) => {
    // The account exists already (made in another context); this page is a signed-out visitor.
    const email = uniqueEmail('rooms-visitor');
    const setup = await browser.newContext({ baseURL: BASE_URL });
    await signInAs(setup, email);
    await setup.close();

    const rooms = new RoomsPage(page);
    await rooms.goto();
    await expect(page.getByText('Sign in to create your own room.')).toBeVisible();
    await rooms.toggle.click();
    await expect(page).toHaveURL(/\/login$/);

    const login = new LoginForm(page);
    await login.email.fill(email);
    await login.password.fill(E2E_PASSWORD);
    await login.submit.click();
    await expect(page).toHaveURL(/\/rooms$/);
    await expect(rooms.toggle).toHaveText('Create Your Own Room');
    await rooms.toggle.click();
    await expect(page.getByLabel('Room Name')).toBeVisible();
  });

  test('an admin changes a fixed room’s link; users cannot', async ({ page, browser }) => {
    await signInAs(page.context(), TEST_ADMIN_EMAILS[2]);
    const rooms = new RoomsPage(page);
    await rooms.goto();
    const room6 = rooms.room('Room 6');
    const original = await room6.getByRole('link').getAttribute('href');
    await room6.getByRole('button', { name: /Edit link/ }).click();
    await room6.getByLabel('Meeting Link').fill('ftp://example.com/room');
    await room6.getByRole('button', { name: 'Save' }).click();
    await expect(
      room6.getByText('Meeting Link must be a web address starting with http:// or https://.'),
    ).toBeVisible();
    await room6.getByLabel('Meeting Link').fill('https://meet.jit.si/resolved-room-6');
    await room6.getByRole('button', { name: 'Save' }).click();
    await expect(room6.getByRole('link', { name: /Click to join Jitsi Meet/ })).toHaveAttribute(
      'href',
      'https://meet.jit.si/resolved-room-6',
    );
    await expect(room6.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await page.reload();
    await expect(rooms.room('Room 6').getByRole('link', { name: /Jitsi/ })).toBeVisible();

    const userContext = await browser.newContext();
    try {
      await signInAs(userContext, uniqueEmail('rooms-user'));
      const userRooms = new RoomsPage(await userContext.newPage());
      await userRooms.goto();
      await expect(userRooms.grid.getByRole('button', { name: /Edit link/ })).toHaveCount(0);
    } finally {
      // Put the configured link back so that other specs see Room 6 as seeded.
      const res = await page.request.patch('/api/rooms/6', {
        headers: { origin: new URL(page.url()).origin },
        data: { zoomLink: original },
      });
      expect(res.ok()).toBe(true);
      await userContext.close();
    }
  });
});
