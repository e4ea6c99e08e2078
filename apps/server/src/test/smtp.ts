/**
 * A local SMTP server for tests (the `smtp-server` package): the app sends through the same nodemailer path as in
 * production, and the test reads what arrived. Never the internet.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface TReceivedMail {
  to: string[];
  raw: string;
  /** The message body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface TTestSmtp {
  url: string;
  messages: TReceivedMail[];
  /** The first link to this app's server in the newest message to `to` (waits for it to arrive). */
  linkSentTo(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startTestSmtp(port = 0): Promise<TTestSmtp> {
  const messages: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async linkSentTo(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()));
        const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`no mail with a link reached ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
