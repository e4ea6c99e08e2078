// A worker thread holding a share of the chat benchmark's clients: Socket.IO clients of the real chat
// (WebSocket transport, signed in by cookie) or plain `ws` clients of the bare baseline server. Senders
// send at a steady rate; every client records the delivery latency of every message it receives, read from
// the send time written into the message (performance.timeOrigin + now() is one clock across threads).
import { parentPort, workerData } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const { mode, baseUrl, cookies, intervalMs, joinConcurrency } = workerData;
const now = () => performance.timeOrigin + performance.now();
const clients = [];
let latencies = [];
let delivered = 0;
let isRecording = false;
let sendErrors = 0;
let sendTimeouts = 0;
let sent = 0;
let lastDeliveryAt = 0;

// Messages carry the phase they were sent in: a backlog from an earlier phase is not counted in this one.
let phase = 0;

function onMessage(text) {
  const [, messagePhase, sentAtText] = /^bench phase (\d+) .* at ([\d.]+)$/.exec(text) ?? [];
  const sentAt = Number(sentAtText);
  if (!isRecording || Number(messagePhase) !== phase || !Number.isFinite(sentAt)) return;
  const at = now();
  latencies.push(at - sentAt);
  delivered++;
  lastDeliveryAt = at;
}

function connectSocketIo(cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
      auth: { protocolVersion: workerData.protocolVersion },
      extraHeaders: { cookie },
    });
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.timeout(30_000).emit('chat.join', {}, (err, reply) => {
        if (err) return reject(err);
        if (!reply.ok) return reject(new Error(`chat.join: ${reply.error.code}`));
        socket.on('messages.created', ({ messages }) => {
          for (const message of messages) onMessage(message.text);
        });
        resolve({
          send: (text) =>
            socket.timeout(10_000).emit('message.send', { clientId: randomUUID(), text }, (error, ack) => {
              if (error) sendTimeouts++;
              else if (!ack.ok) sendErrors++;
            }),
          close: () => socket.disconnect(),
        });
      });
    });
  });
}

function connectWs(cookie) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(baseUrl.replace('http', 'ws'), { headers: { cookie } });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.on('message', (data) => {
        const packet = JSON.parse(data.toString());
        if (packet.event === 'message.created') onMessage(packet.message.text);
        else if (packet.event === 'ack' && !packet.ok) sendErrors++;
      });
      resolve({
        send: (text) => socket.send(JSON.stringify({ event: 'message.send', clientId: randomUUID(), text })),
        close: () => socket.close(),
      });
    });
  });
}

async function connectAll() {
  const connect = mode === 'socketio' ? connectSocketIo : connectWs;
  for (let i = 0; i < cookies.length; i += joinConcurrency) {
    clients.push(...(await Promise.all(cookies.slice(i, i + joinConcurrency).map(connect))));
  }
}

let timers = [];
function startSending(senderCount) {
  // Senders are spread evenly over the interval so the rate is steady rather than bursty.
  for (let s = 0; s < senderCount; s++) {
    const client = clients[s];
    const offset = (intervalMs * s) / senderCount;
    timers.push(
      setTimeout(() => {
        const tick = () => {
          sent++;
          client.send(`bench phase ${phase} from sender ${s} at ${now()}`);
        };
        tick();
        timers.push(setInterval(tick, intervalMs));
      }, offset),
    );
  }
}

function stopSending() {
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t);
  }
  timers = [];
}

parentPort.on('message', async (message) => {
  const command = typeof message === 'string' ? message : message.command;
  try {
    if (command === 'connect') {
      const started = now();
      await connectAll();
      parentPort.postMessage({ type: 'connected', ms: now() - started });
    } else if (command === 'record') {
      phase = message.phase;
      latencies = [];
      delivered = 0;
      sent = 0;
      sendErrors = 0;
      sendTimeouts = 0;
      isRecording = true;
      parentPort.postMessage({ type: 'recording' });
    } else if (command === 'send') {
      startSending(message.senders);
    } else if (command === 'stop-sending') {
      stopSending();
      parentPort.postMessage({ type: 'stopped', sent });
    } else if (command === 'report') {
      parentPort.postMessage({ type: 'report', latencies, delivered, sent, sendErrors, sendTimeouts, lastDeliveryAt });
    } else if (command === 'close') {
      for (const c of clients) c.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
  }
});
