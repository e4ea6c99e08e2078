/**
 * A real Janus media server (Debian's `janus` package) for tests: its own configuration folder under the system's
 * temporary directory, the VideoRoom plugin and the WebSocket transport only, on a free port of 127.0.0.1, with an
 * `api_secret` and a VideoRoom `admin_key`, as docs/deploy.md tells operators to run it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const LIB = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus'].find((dir) =>
  existsSync(dir),
);
const OTHER_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((name) => `libjanus_${name}.so`);
const OTHER_TRANSPORTS = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map((name) => `libjanus_${name}.so`);

/** Why Janus's tests cannot run here, or null when they can. In CI they must run: the caller fails instead. */
export function janusMissing(): string | null {
  const found = spawnSync('janus', ['--version'], { stdio: 'ignore' });
  if (found.error || !LIB) return 'janus is not installed: `apt-get install janus`';
  return null;
}

export interface TJanusServer {
  /** The WebSocket API, for JANUS_URL. */
  url: string;
  apiSecret: string;
  /** The VideoRoom `admin_key`, for JANUS_ADMIN_SECRET. */
  adminKey: string;
  /** JANUS_URL, JANUS_API_SECRET and JANUS_ADMIN_SECRET for an app (or a test's config) that uses this server. */
  env: Record<'JANUS_URL' | 'JANUS_API_SECRET' | 'JANUS_ADMIN_SECRET', string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`janus exited (${child.exitCode}): ${log().slice(-2000)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`janus did not listen on ${port} within 20 s: ${log().slice(-2000)}`);
}

/**
 * Starts Janus. `rtpPorts` is the UDP range its media may use (a distinct one per concurrent server keeps two test
 * files apart); `mediaInterface`, when given, limits the addresses its ICE candidates use.
 */
export async function startJanus(
  options: {
    rtpPorts?: [number, number];
    /** The WebSocket port (a restart on the same address); free by default. */ port?: number;
  } = {},
): Promise<TJanusServer> {
  const missing = janusMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resolved-janus-'));
  const port = options.port ?? (await freePort());
  const apiSecret = 'test-janus-api-secret';
  const adminKey = 'test-janus-room-admin-key';
  const [low, high] = options.rtpPorts ?? [20_000 + (process.pid % 200) * 100, 20_000 + (process.pid % 200) * 100 + 99];
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  api_secret = "${apiSecret}"
  disable_events = true
}
media: { rtp_port_range = "${low}-${high}" }
nat: { ice_ignore_list = "vmnet" }
plugins: { disable = "${OTHER_PLUGINS.join(',')}" }
transports: { disable = "${OTHER_TRANSPORTS.join(',')}" }
loggers: { disable = "libjanus_jsonlog.so" }
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: { json = "plain" ws = true ws_port = ${port} ws_ip = "127.0.0.1" wss = false }
admin: { admin_ws = false }
`,
  );
  writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), `general: { admin_key = "${adminKey}" }\n`);
  let output = '';
  const child = spawn('janus', ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '--disable-colors'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForPort(port, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `ws://127.0.0.1:${port}`;
  return {
    url,
    apiSecret,
    adminKey,
    env: { JANUS_URL: url, JANUS_API_SECRET: apiSecret, JANUS_ADMIN_SECRET: adminKey },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
