/**
 * A real coturn (Debian's `turnserver`) on 127.0.0.1 and a free port, for every test that needs one: the server's
 * credential tests (TURN over UDP, asked by `test/turn.ts`'s client), the browser tests and the media benchmark (TURN
 * over TCP only, so a relayed call must use it; a plain STUN server). No TLS, no config file, no admin shell; TURN
 * shares the REST-API secret the app mints credentials from (`use-auth-secret`), and relayed addresses are on loopback
 * too, so `allow-loopback-peers` lets two relays reach each other.
 */
import { spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import net from 'node:net';

export interface TCoturn {
  port: number;
  stop(): Promise<void>;
  /**
   * Freezes the server (SIGSTOP) until `resume` (SIGCONT): nothing is relayed meanwhile, in either direction, while
   * its clients' TCP connections stay open, as when the network between them drops for a while.
   */
  pause(): void;
  resume(): void;
}

/** Why coturn's tests cannot run here, or null when they can. In CI they must run: the caller fails instead. */
export function coturnMissing(): string | null {
  const found = spawnSync('turnserver', ['--version'], { stdio: 'ignore' });
  return found.error ? 'turnserver (coturn) is not installed: `apt-get install coturn`' : null;
}

/** A port free on 127.0.0.1 for TCP and UDP alike (coturn listens on both unless told not to). */
async function freePort(): Promise<number> {
  for (;;) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = dgram.createSocket('udp4');
    const isUdpFree = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => resolve(true));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (isUdpFree) return port;
  }
}

const COMMON_ARGS = ['-n', '--listening-ip=127.0.0.1', '--no-tls', '--no-dtls', '--no-cli', '--log-file=stdout'];

/**
 * TURN with the REST-API secret: over UDP and TCP (`udp`, coturn's default), or over TCP only (`tcp`: `no-udp`, as
 * the relayed browser tests want it, since Chromium would otherwise prefer UDP).
 */
export async function startTurnServer(secret: string, transport: 'udp' | 'tcp'): Promise<TCoturn> {
  const port = await freePort();
  return runCoturn(port, [
    ...COMMON_ARGS,
    `--listening-port=${port}`,
    '--relay-ip=127.0.0.1',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=resolved.test',
    '--allow-loopback-peers',
    '--simple-log',
    ...(transport === 'tcp' ? ['--no-udp'] : []),
  ]);
}

/**
 * coturn as a plain STUN server over UDP on 127.0.0.1 (`stun-only`): it tells a browser the address its packets came
 * from, which for a browser gathering on the machine's own interface is a server-reflexive candidate (127.0.0.1).
 */
export async function startStunServer(): Promise<TCoturn> {
  const port = await freePort();
  return runCoturn(port, [...COMMON_ARGS, `--listening-port=${port}`, '--stun-only', '--simple-log']);
}

/** The last this many characters of coturn's log are kept, to say why it did not start. */
const LOG_TAIL = 8_000;

/**
 * Runs `turnserver` with `args` until it accepts a TCP connection on `port` (every mode here listens on TCP; its UDP
 * listener is opened in the same start-up step). Killed when this process exits, if not stopped before.
 */
async function runCoturn(port: number, args: string[]): Promise<TCoturn> {
  const child = spawn('turnserver', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer | string) => (log = (log + chunk.toString()).slice(-LOG_TAIL));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', (error) => keep(`${error.message}\n`));
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
    if (attempt > 50 || child.exitCode !== null || child.signalCode !== null) {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      throw new Error(`coturn did not start on 127.0.0.1:${port}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
