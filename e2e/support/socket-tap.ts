import type { Page, WebSocketRoute } from '@playwright/test';
import type { TAck, TClientToServerEvents } from '@resolved/shared';

/** The payload of a client → server request (its first argument). */
type TPayloadOf<K extends keyof TClientToServerEvents> = Parameters<TClientToServerEvents[K]>[0];

export interface TSocketTap {
  /**
   * Sends a request over the page's own Socket.IO connection (its session, its socket), as a client that skipped
   * the page's checks would, and resolves to the server's acknowledgement.
   */
  request<K extends keyof TClientToServerEvents>(name: K, payload: TPayloadOf<K>): Promise<TAck<unknown>>;
}

/** Acknowledgement ids the tap uses: far above the page client's own (which count up from 0). */
const FIRST_TAP_ACK_ID = 1_000_000;

/**
 * Passes `page`'s Socket.IO connection through the test, so the test can send requests on it: what a user with the
 * page open could send from the console. Call it before the page opens its socket (before `goto`). The page's own
 * traffic passes through unchanged; replies to the tap's requests stop at the tap.
 */
export async function tapSocket(page: Page): Promise<TSocketTap> {
  let upstream: WebSocketRoute | null = null;
  let nextAckId = FIRST_TAP_ACK_ID;
  const waiting = new Map<number, (reply: TAck<unknown>) => void>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    upstream = server;
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      // Engine.IO message (4) carrying a Socket.IO ACK (3) for the default namespace: `43<id>[reply]`.
      const ack = typeof message === 'string' ? /^43(\d+)(\[[\s\S]*)$/.exec(message) : null;
      const resolve = ack ? waiting.get(Number(ack[1])) : undefined;
      if (ack && resolve) {
        waiting.delete(Number(ack[1]));
        resolve((JSON.parse(ack[2]!) as [TAck<unknown>])[0]);
        return;
      }
      ws.send(message);
    });
  });
  return {
    request(name, payload) {
      if (!upstream) throw new Error('The page has not opened its socket yet.');
      const id = nextAckId++;
      const reply = new Promise<TAck<unknown>>((resolve) => waiting.set(id, resolve));
      // Engine.IO message (4) carrying a Socket.IO EVENT (2) that asks for an acknowledgement: `42<id>[name, payload]`.
      upstream.send(`42${id}${JSON.stringify([name, payload])}`);
      return reply;
    },
  };
}
