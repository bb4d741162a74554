/**
 * A TCP proxy between the device and the server (node:net), for faults of the network itself:
 * it passes bytes through untouched until a fault is armed, then cuts the connection of the
 * matching request after so many bytes of the request or of the answer, or tells the test the
 * moment a request reaches the server (to kill it then).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** What a request looks like on the wire: its request line, e.g. "PATCH /api/permitcontent?… HTTP/1.1". */
export type RequestMatch = (requestLine: string) => boolean;

export type Fault =
  /** Pass `bytes` of the request to the server, then cut both sides: the server never gets all of it. */
  | { kind: 'cut-request'; match: RequestMatch; bytes: number }
  /** Pass the request, then `bytes` of the answer to the device, then cut both sides. */
  | { kind: 'cut-response'; match: RequestMatch; bytes: number }
  /** Pass the request but its last byte and report it; the test acts (kills the server) before it could be read whole. */
  | { kind: 'hold-request'; match: RequestMatch }
  /** Pass the request and report the first bytes of the answer, holding them back from the device. */
  | { kind: 'hold-response'; match: RequestMatch };

export interface FaultProxy {
  url: string;
  /** Arms a fault for the next matching request; resolves with its request line once it struck. */
  arm(fault: Fault): Promise<string>;
  /** The request lines seen, in order. */
  requests: string[];
  /** The bytes of the last request whose line matches, exactly as the device sent them (for a replay). */
  rawRequest(match: RequestMatch): Buffer;
  close(): Promise<void>;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.1$/;

export async function startFaultProxy(upstreamPort: number): Promise<FaultProxy> {
  const requests: string[] = [];
  const raw: { line: string; chunks: Buffer[] }[] = [];
  let armed: { fault: Fault; struck: (line: string) => void } | null = null;
  const sockets = new Set<Socket>();

  const server: Server = createServer((device) => {
    const upstream = connect(upstreamPort, '127.0.0.1');
    sockets.add(device).add(upstream);
    const cut = () => {
      device.destroy();
      upstream.destroy();
    };
    device.on('close', () => (sockets.delete(device), upstream.destroy()));
    upstream.on('close', () => (sockets.delete(upstream), device.destroy()));
    device.on('error', cut);
    upstream.on('error', cut);

    // The fault armed for this connection's current request: how many bytes it let through, and
    // whether it now holds back the rest (a hold: the server is about to be killed).
    let current: Buffer[] = [];
    let active: { fault: Fault; line: string; struck: (line: string) => void; passed: number; holding: boolean } | null = null;
    const strike = () => active!.struck(active!.line);

    device.on('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1', 0, Math.min(chunk.length, 2048)).split('\r\n', 1)[0]!;
      if (REQUEST_LINE.test(line)) {
        requests.push(line);
        current = [];
        raw.push({ line, chunks: current });
        if (armed && armed.fault.match(line)) {
          active = { ...armed, line, passed: 0, holding: false };
          armed = null;
        }
      }
      current.push(chunk);
      if (active?.holding) return;
      if (active?.fault.kind === 'cut-request') {
        upstream.write(chunk.subarray(0, Math.max(0, active.fault.bytes - active.passed)));
        active.passed += chunk.length;
        if (active.passed >= active.fault.bytes) {
          strike();
          cut();
        }
        return;
      }
      if (active?.fault.kind === 'hold-request') {
        upstream.write(chunk.subarray(0, chunk.length - 1));
        active.holding = true;
        strike();
        return;
      }
      upstream.write(chunk);
    });

    upstream.on('data', (chunk: Buffer) => {
      if (active?.holding) return;
      if (active?.fault.kind === 'cut-response') {
        device.write(chunk.subarray(0, Math.max(0, active.fault.bytes - active.passed)));
        active.passed += chunk.length;
        if (active.passed >= active.fault.bytes) {
          strike();
          // Once the bytes let through have left for the device.
          device.end(cut);
          active = null;
        }
        return;
      }
      if (active?.fault.kind === 'hold-response') {
        active.holding = true;
        strike();
        return;
      }
      device.write(chunk);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rawRequest(match) {
      const found = raw.findLast((r) => match(r.line));
      if (!found) throw new Error('No such request passed the proxy.');
      return Buffer.concat(found.chunks);
    },
    arm: (fault) => new Promise((struck) => (armed = { fault, struck })),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
