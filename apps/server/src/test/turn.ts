/**
 * The least of a TURN client, to ask a real coturn (`startTurnServer` of `test/coturn.ts`) for an allocation over UDP
 * with the credentials the app mints: STUN's long-term credentials (RFC 5389 §10.2). A first Allocate without credentials gets 401 with the realm and a nonce; the second
 * carries USERNAME, REALM, NONCE and a MESSAGE-INTEGRITY keyed with MD5(username:realm:password).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

const MAGIC_COOKIE = 0x2112a442;
const ALLOCATE = 0x0003;
const SUCCESS = 0x0100;
const ERROR = 0x0110;
const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  requestedTransport: 0x0019,
} as const;
const UDP = 17;

interface TAttribute {
  type: number;
  value: Buffer;
}

function encode(method: number, transactionId: Buffer, attributes: TAttribute[], integrityKey?: Buffer): Buffer {
  const body = Buffer.concat(
    attributes.map(({ type, value }) => {
      const header = Buffer.alloc(4);
      header.writeUInt16BE(type, 0);
      header.writeUInt16BE(value.length, 2);
      return Buffer.concat([header, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(method, 0);
  header.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(header, 8);
  if (!integrityKey) {
    header.writeUInt16BE(body.length, 2);
    return Buffer.concat([header, body]);
  }
  // The HMAC covers the message up to the MESSAGE-INTEGRITY attribute, its length already counting that attribute.
  header.writeUInt16BE(body.length + 24, 2);
  const mac = createHmac('sha1', integrityKey)
    .update(Buffer.concat([header, body]))
    .digest();
  const integrity = Buffer.alloc(4);
  integrity.writeUInt16BE(ATTR.messageIntegrity, 0);
  integrity.writeUInt16BE(20, 2);
  return Buffer.concat([header, body, integrity, mac]);
}

function decode(message: Buffer): { type: number; transactionId: Buffer; attributes: Map<number, Buffer> } {
  const attributes = new Map<number, Buffer>();
  const end = Math.min(message.length, 20 + message.readUInt16BE(2));
  for (let at = 20; at + 4 <= end;) {
    const type = message.readUInt16BE(at);
    const length = message.readUInt16BE(at + 2);
    attributes.set(type, message.subarray(at + 4, at + 4 + length));
    at += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type: message.readUInt16BE(0), transactionId: message.subarray(8, 20), attributes };
}

/** One request and its answer (a few tries: UDP may drop one, and the server may still be starting). */
async function exchange(socket: dgram.Socket, port: number, request: (transactionId: Buffer) => Buffer) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const transactionId = randomBytes(12);
    const reply = await new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 250);
      socket.on('message', (message) => {
        if (message.length >= 20 && message.subarray(8, 20).equals(transactionId)) {
          clearTimeout(timer);
          resolve(message);
        }
      });
      socket.send(request(transactionId), port, '127.0.0.1');
    });
    socket.removeAllListeners('message');
    if (reply) return decode(reply);
  }
  throw new Error(`no answer from the TURN server on 127.0.0.1:${port}`);
}

/** A UDP socket for one conversation: coturn ties its nonce to the client's address and port. */
async function withSocket<T>(use: (socket: dgram.Socket) => Promise<T>): Promise<T> {
  const socket = dgram.createSocket('udp4');
  try {
    return await use(socket);
  } finally {
    socket.close();
  }
}

const requestedTransport = { type: ATTR.requestedTransport, value: Buffer.from([UDP, 0, 0, 0]) };

/** Asks for a relay with these credentials: `allocated`, or the error code the server refused with. */
export async function allocate(
  port: number,
  username: string,
  password: string,
): Promise<{ isAllocated: true } | { isAllocated: false; code: number; reason: string }> {
  return withSocket(async (socket) => {
    const challenge = await exchange(socket, port, (id) => encode(ALLOCATE, id, [requestedTransport]));
    const realm = challenge.attributes.get(ATTR.realm);
    const nonce = challenge.attributes.get(ATTR.nonce);
    if (challenge.type !== (ALLOCATE | ERROR) || !realm || !nonce)
      throw new Error('expected a 401 with realm and nonce');
    const key = createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest();
    const answer = await exchange(socket, port, (id) =>
      encode(
        ALLOCATE,
        id,
        [
          requestedTransport,
          { type: ATTR.username, value: Buffer.from(username) },
          { type: ATTR.realm, value: realm },
          { type: ATTR.nonce, value: nonce },
        ],
        key,
      ),
    );
    if (answer.type === (ALLOCATE | SUCCESS)) return { isAllocated: true };
    const error = answer.attributes.get(ATTR.errorCode);
    if (!error) throw new Error(`unexpected TURN answer 0x${answer.type.toString(16)}`);
    return { isAllocated: false, code: (error[2]! & 7) * 100 + error[3]!, reason: error.subarray(4).toString() };
  });
}
