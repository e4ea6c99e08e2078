// Crash safety: a burst of acknowledged writes (community chat messages, in-round debate messages and
// debate clock commands), SIGKILL of the built server mid-burst, a restart on the same DATA_DIR / database,
// then: every acknowledged message is stored exactly once, the clock is at least at the last acknowledged
// version, and re-sending what was not acknowledged (same clientId, as the web outbox does) stores nothing twice.
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Exit code 1 on any failure.
//
//   node apps/server/test/crash-safety.mjs      (npm run test:crash; builds the server bundle first)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/dist/index.js');
const PORTS = { sqlite: 3451, postgres: 3452 };
// The socket protocol version the server expects (packages/shared/src/realtime.ts; this script runs without a TS loader).
const PROTOCOL_VERSION = Number(
  /export const PROTOCOL_VERSION = (\d+);/.exec(
    fs.readFileSync(path.join(root, 'packages/shared/src/realtime.ts'), 'utf8'),
  )?.[1],
);
const USERS = 8; // chat allows 5 messages per 5 s per person: 8 people × 5 = 40 chat messages in the burst
// Round messages are limited like the chat (5 per 5 s per person): five from each debater, all within it.
const DEBATE_MESSAGES = 10;

const build = spawnSync('node', ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const failures = [];
const check = (condition, message) => {
  if (!condition) failures.push(message);
};

function startServer({ port, dataDir, databaseUrl }) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      AUTH_SECRET: 'crash-safety-secret-crash-safety-secret',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT_PER_IP: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitHealthy(base, child) {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy in 20 s');
}

async function signUp(base, n) {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: `Crash ${n}`,
      email: `crash-${n}-${randomUUID()}@example.test`,
      password: 'correct horse battery',
      birthMonth: '1990-01',
    }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await response.json();
  return { id: user.id, cookie };
}

async function api(base, cookie, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function connect(base, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      transports: ['websocket'],
      reconnection: false,
      auth: { protocolVersion: PROTOCOL_VERSION },
      extraHeaders: { cookie },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Emits with an acknowledgement; resolves with the reply, or null when the server died first. */
function ask(socket, event, payload) {
  return new Promise((resolve) => {
    socket.timeout(10_000).emit(event, payload, (err, reply) => resolve(err ? null : reply));
  });
}

async function runEngine(engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `resolved-crash-${engine}-`));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `resolved_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const port = PORTS[engine];
  const base = `http://127.0.0.1:${port}`;
  let server = startServer({ port, dataDir, databaseUrl });
  try {
    await waitHealthy(base, server);
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await signUp(base, i));
    const [a, b] = users;
    const { challenge } = await api(base, a.cookie, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const { debateId } = await api(base, b.cookie, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
    const sockets = await Promise.all(users.map((u) => connect(base, u.cookie)));
    // The first speech is side a's: the clock commands come from whoever was seated there.
    const seated = await api(base, a.cookie, 'GET', `/api/debates/${debateId}`);
    const speaker = sockets[seated.debate.debaters.a.userId === a.id ? 0 : 1];

    // The burst: every write asks for an acknowledgement; SIGKILL once about half have been acknowledged.
    const chatSent = [];
    const chatAcked = [];
    const debateAcked = [];
    const clockAcked = [];
    let acked = 0;
    const total = USERS * 5 + DEBATE_MESSAGES;
    let killed = false;
    const maybeKill = () => {
      acked += 1;
      // Mid-burst: once a good share of each kind is acknowledged, while the rest is still in flight.
      if (!killed && chatAcked.length >= (USERS * 5) / 3 && debateAcked.length >= DEBATE_MESSAGES / 3) {
        killed = true;
        server.kill('SIGKILL');
      }
    };
    const writes = [];
    sockets.forEach((socket, u) => {
      for (let i = 0; i < 5; i++) {
        const clientId = randomUUID();
        const text = `chat ${u}-${i}`;
        chatSent.push({ u, clientId, text });
        writes.push(
          ask(socket, 'message.send', { clientId, text }).then((reply) => {
            if (reply?.ok) {
              chatAcked.push({ clientId, text, id: reply.data.message.id });
              maybeKill();
            }
          }),
        );
      }
    });
    for (let i = 0; i < DEBATE_MESSAGES; i++) {
      const socket = sockets[i % 2];
      const text = `round ${i}`;
      writes.push(
        ask(socket, 'debate.send_message', { debateId, text, clientId: randomUUID() }).then((reply) => {
          if (reply?.ok) {
            debateAcked.push({ text, id: reply.data.message.id });
            maybeKill();
          }
        }),
      );
    }
    // Clock commands in sequence (each names the version it saw): start the first speech, then pause/resume.
    const clockChain = (async () => {
      let version = 0;
      for (const action of ['start_speech', ...Array(40).fill(['pause', 'resume']).flat()]) {
        const reply = await ask(speaker, `debate.${action}`, { debateId, clockVersion: version });
        if (!reply) break; // the server is gone
        if (!reply.ok) {
          failures.push(`${engine}: clock ${action} refused: ${reply.error.message}`);
          break;
        }
        version = reply.data.clockVersion;
        clockAcked.push(version);
      }
    })();
    await Promise.all([...writes, clockChain]);
    for (const s of sockets) s.close();
    if (!killed) server.kill('SIGKILL');
    await new Promise((r) => (server.exitCode !== null || server.signalCode ? r() : server.once('exit', r)));
    check(server.signalCode === 'SIGKILL', `${engine}: the server was not killed by SIGKILL`);

    // Restart on the same data and look.
    server = startServer({ port, dataDir, databaseUrl });
    await waitHealthy(base, server);
    const stored = [];
    for (let afterId = 0, more = true; more;) {
      const page = await api(base, a.cookie, 'GET', `/api/chat/messages?afterId=${afterId}`);
      stored.push(...page.messages);
      more = page.hasMore;
      if (page.messages.length > 0) afterId = page.messages.at(-1).id;
    }
    for (const m of chatAcked) {
      const copies = stored.filter((s) => s.text === m.text);
      check(
        copies.length === 1 && copies[0].id === m.id,
        `${engine}: acknowledged chat "${m.text}" stored ${copies.length}×`,
      );
    }
    const { debate, messages } = await api(base, a.cookie, 'GET', `/api/debates/${debateId}`);
    for (const m of debateAcked) {
      const copies = messages.filter((s) => s.text === m.text);
      check(
        copies.length === 1 && copies[0].id === m.id,
        `${engine}: acknowledged round message "${m.text}" stored ${copies.length}×`,
      );
    }
    const lastClock = clockAcked.at(-1) ?? 0;
    check(
      debate.clockVersion >= lastClock,
      `${engine}: clock at version ${debate.clockVersion} < acknowledged ${lastClock}`,
    );

    // The outbox retries everything with its clientId: nothing is stored twice, everything is stored once.
    const retry = await Promise.all(users.map((u) => connect(base, u.cookie)));
    for (const m of chatSent) {
      let reply = await ask(retry[m.u], 'message.send', { clientId: m.clientId, text: m.text });
      while (reply && !reply.ok && reply.error.code === 'rate_limited') {
        await new Promise((r) => setTimeout(r, 1000));
        reply = await ask(retry[m.u], 'message.send', { clientId: m.clientId, text: m.text });
      }
      check(reply?.ok, `${engine}: retry of "${m.text}" failed: ${JSON.stringify(reply)}`);
    }
    for (const s of retry) s.close();
    const after = [];
    for (let afterId = 0, more = true; more;) {
      const page = await api(base, a.cookie, 'GET', `/api/chat/messages?afterId=${afterId}`);
      after.push(...page.messages);
      more = page.hasMore;
      if (page.messages.length > 0) afterId = page.messages.at(-1).id;
    }
    for (const m of chatSent) {
      const copies = after.filter((s) => s.text === m.text).length;
      check(copies === 1, `${engine}: after retries "${m.text}" is stored ${copies}×`);
    }
    console.log(
      `crash-safety ${engine}: killed after ${acked} of ${total} acknowledgements ` +
        `(chat ${chatAcked.length}, round ${debateAcked.length}, clock v${lastClock}); ` +
        `after restart: ${stored.length} chat messages, ${messages.length} round messages, clock v${debate.clockVersion}; ` +
        `after retries: ${after.length} chat messages`,
    );
  } finally {
    if (server.exitCode === null && !server.signalCode) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL) console.warn('crash-safety: TEST_DATABASE_URL is not set: PostgreSQL skipped.');
for (const engine of engines) await runEngine(engine);
if (failures.length > 0) {
  console.error(`crash-safety: ${failures.length} failure(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('crash-safety: every acknowledged write survived the kill exactly once.');
