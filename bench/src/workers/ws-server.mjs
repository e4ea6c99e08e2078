// The chat benchmark's baseline: a bare `ws` broadcast server doing the chat's transport work — take a message,
// stamp it with an id and the time, acknowledge it to the sender, and send it once encoded to every client.
// No database, no auth: the transport's limit on this machine. Run: node ws-server.mjs <port>
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
let sequence = 0;
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const request = JSON.parse(data.toString());
    if (request.event !== 'message.send') return;
    const message = {
      id: ++sequence,
      clientId: request.clientId,
      userId: 'baseline',
      text: request.text,
      displayName: 'Baseline',
      role: 'user',
      timestamp: new Date().toISOString(),
    };
    socket.send(JSON.stringify({ event: 'ack', ok: true, id: message.id }));
    const packet = JSON.stringify({ event: 'message.created', message });
    for (const client of server.clients) if (client.readyState === 1) client.send(packet);
  });
});
server.on('listening', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
