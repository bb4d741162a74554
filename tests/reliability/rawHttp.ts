/** Sends bytes captured off the wire to the server again, unchanged, and reads its answer. */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer once it is whole: its head, and as many body bytes as its content-length says (chunked: the last chunk). */
function parse(bytes: Buffer): RawAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const body = bytes.subarray(end + 4);
  const length = headers['content-length'];
  const whole = length !== undefined ? body.length >= Number(length) : body.includes('0\r\n\r\n');
  if (!whole) return null;
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]), headers, body: body.toString('utf8') };
}

/** Writes `request` on a new connection and resolves with the server's answer to it. */
export function replay(port: number, request: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const answer = parse(received);
      if (!answer) return;
      socket.destroy();
      resolve(answer);
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`The connection closed before a whole answer: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`)));
    socket.write(request);
  });
}
