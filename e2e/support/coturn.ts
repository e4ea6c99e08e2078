/**
 * A coturn server (Debian's `turnserver`) for browser tests: TURN over TCP only (`no-udp` on the client side) on
 * 127.0.0.1 and a free port, with the REST-API secret the app mints credentials from. Relayed addresses are on
 * loopback too, so `allow-loopback-peers` lets the two relays reach each other.
 */
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/** Why the TURN browser test cannot run here, or null when it can. */
export function coturnMissing(): string | null {
  const found = spawnSync('turnserver', ['--version'], { stdio: 'ignore' });
  return found.error ? 'turnserver (coturn) is not installed: `apt-get install coturn`' : null;
}

async function freeTcpPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startCoturn(secret: string): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freeTcpPort();
  return runCoturn(port, [
    '-n',
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=resolved.test',
    '--no-udp',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--allow-loopback-peers',
    '--log-file=stdout',
    '--simple-log',
  ]);
}

/**
 * coturn as a plain STUN server over UDP on 127.0.0.1 (`stun-only`): it tells a browser the address its packets came
 * from, which for a browser gathering on the machine's own interface is a server-reflexive candidate (127.0.0.1).
 */
export async function startStunServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freeTcpPort();
  return runCoturn(port, [
    '-n',
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--stun-only',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--log-file=stdout',
    '--simple-log',
  ]);
}

/** Runs `turnserver` with `args` until it listens on `port` over TCP (it listens on UDP and TCP alike). */
async function runCoturn(port: number, args: string[]): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn('turnserver', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  for (let attempt = 0; ; attempt++) {
    const isListening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (isListening) break;
    if (attempt > 50 || child.exitCode !== null) throw new Error(`coturn did not start on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
