/**
 * A tab left open across a deploy that changed the socket protocol is refused at the handshake and offered a reload
 *. The test plays such a tab by rewriting the version this page sends in its Socket.IO CONNECT packet.
 */
import { test, expect } from '../support/fixtures';

test('an old client is refused and offered a reload', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/client_too_old|WebSocket/);
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString();
      server.send(text.startsWith('40') ? text.replace(/"protocolVersion":\d+/, '"protocolVersion":1') : text);
    });
    server.onMessage((message) => ws.send(message));
  });
  // The topics page opens the socket for its live updates.
  await page.goto('/topics');
  const prompt = page.getByRole('alertdialog', { name: 'Update available' });
  await expect(prompt).toContainText('Resolved has been updated. Reload the page to keep going.');
  await page.unrouteAll();
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Update available' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
