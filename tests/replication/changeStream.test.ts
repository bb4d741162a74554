import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { changeStream, type StreamSignal } from '../../replication/changeStream';
import { SseParser, type ServerSentEvent } from '../../replication/sse';
import { json, recordingFetch, testClient, waitFor } from './helpers';

describe('reading server-sent events', () => {
  const change = 'event: change\ndata: {"collections":["permits"]}\n\n';
  it.each([
    ['one event in one chunk', [change], [{ event: 'change', data: '{"collections":["permits"]}' }]],
    ['an event split mid-line', ['event: cha', 'nge\ndata: {"collections":', '["permits"]}\n', '\n'], [{ event: 'change', data: '{"collections":["permits"]}' }]],
    ['CRLF line ends, split between CR and LF', ['event: change\r', '\ndata: x\r\n\r', '\n'], [{ event: 'change', data: 'x' }]],
    ['heartbeats and the retry field are skipped', ['retry: 5000\n: connected\n\n: heartbeat\n\n', change], [{ event: 'change', data: '{"collections":["permits"]}' }]],
    ['data lines join with newlines; no event name means message', ['data: a\ndata: b\n\n'], [{ event: 'message', data: 'a\nb' }]],
    ['an unfinished event is not dispatched', ['event: change\ndata: x\n'], []],
  ] as [string, string[], ServerSentEvent[]][])('%s', (_name, chunks, expected) => {
    const parser = new SseParser();
    expect(chunks.flatMap((chunk) => parser.push(chunk))).toEqual(expected);
  });
});

/** A streamed response whose body the test writes to and ends. */
function streamResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('the change stream', () => {
  it('says "connected" on every (re)connection, passes changes on, and reconnects after an end, an error and a 401', async () => {
    const streams = [streamResponse(), streamResponse()];
    const answers: (() => Response | Error)[] = [
      () => streams[0]!.response,
      () => json(503, { message: 'restarting' }),
      () => json(401, { message: 'Sign in again.' }),
      () => streams[1]!.response,
    ];
    const { fetch, requests } = recordingFetch(() => answers.shift()!());
    const signedIn = new Subject<void>();
    let signInNeeded = 0;
    const signals: StreamSignal[] = [];
    const subscription = changeStream({
      http: testClient(fetch),
      backoff: { baseMs: 10, capMs: 20 },
      online$: new BehaviorSubject(true),
      onSignInNeeded: async () => void (signInNeeded += 1),
      untilSignedIn: () => new Promise<void>((resolve) => signedIn.subscribe(() => resolve())),
    }).subscribe((s) => signals.push(s));

    await waitFor(() => signals.length === 1, 2000, 'the first connection');
    streams[0]!.write(': heartbeat\n\nevent: change\ndata: {"collections":["permits","nonsense","sitedata"]}\n\n');
    await waitFor(() => signals.length === 2, 2000, 'the change');
    streams[0]!.end();
    await waitFor(() => signInNeeded === 1, 2000, 'the 401');
    expect(requests).toHaveLength(3);
    signedIn.next();
    await waitFor(() => signals.length === 3, 2000, 'the reconnection');
    expect(signals).toEqual([{ kind: 'connected' }, { kind: 'change', collections: ['permits', 'sitedata'] }, { kind: 'connected' }]);
    expect(requests.every((r) => r.url.pathname === '/api/sync/stream' && r.headers.authorization === 'Bearer test-token')).toBe(true);

    subscription.unsubscribe();
    streams[1]!.write('event: change\ndata: {"collections":["permits"]}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signals).toHaveLength(3);
  });

  it('drops a stream silent longer than the heartbeat allows, says so, and opens it again', async () => {
    const streams = [streamResponse(), streamResponse()];
    const { fetch, requests } = recordingFetch(() => streams[requests.length - 1]!.response);
    let disconnected = 0;
    const signals: StreamSignal[] = [];
    const subscription = changeStream({
      http: testClient(fetch),
      backoff: { baseMs: 10, capMs: 20 },
      online$: new BehaviorSubject(true),
      onSignInNeeded: async () => undefined,
      untilSignedIn: async () => undefined,
      onDisconnected: () => void (disconnected += 1),
      silentMs: 100,
    }).subscribe((s) => signals.push(s));

    await waitFor(() => signals.length === 1, 2000, 'the first connection');
    // A heartbeat keeps it: written before the silence runs out, twice over.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      streams[0]!.write(': heartbeat\n\n');
    }
    expect(disconnected).toBe(0);
    await waitFor(() => signals.length === 2, 2000, 'the reconnection after the silence');
    expect(disconnected).toBe(1);
    expect(signals).toEqual([{ kind: 'connected' }, { kind: 'connected' }]);
    subscription.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Stopped by its subscriber, it is not a lost connection.
    expect(disconnected).toBe(1);
  });
});
