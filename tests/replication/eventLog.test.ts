import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOG } from '../../domain/constants';
import { createEventLog, type EventLog } from '../../replication/eventLog';
import type { ClientLogBody } from '../../schemas';
import { json, recordingFetch, testClient } from './helpers';

describe('the client event log', () => {
  let log: EventLog;
  let failing: boolean;
  let batches: ClientLogBody[];

  beforeEach(() => {
    vi.useFakeTimers();
    failing = false;
    batches = [];
    const { fetch } = recordingFetch((request) => {
      if (failing) return new TypeError('offline');
      batches.push(request.body as ClientLogBody);
      return json(204, null);
    });
    log = createEventLog({ http: testClient(fetch), sessionId: 'tab-1', version: '0.1.0' });
  });
  afterEach(() => {
    log.stop();
    vi.useRealTimers();
  });

  const logMany = (n: number) => {
    for (let i = 0; i < n; i++) log.log('warn', `event ${i}`);
  };

  it('sends as soon as the buffer holds 10 events, with the session and version', async () => {
    logMany(EVENT_LOG.bufferSize - 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(0);
    log.log('error', 'the tenth', { collection: 'permits' });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ sessionId: 'tab-1', version: '0.1.0' });
    expect(batches[0]!.events).toHaveLength(10);
    expect(batches[0]!.events[9]).toMatchObject({ level: 'error', message: 'the tenth', context: { collection: 'permits' } });
  });

  it('sends fewer every 5 seconds, and keeps nothing below INFO', async () => {
    log.log('debug', 'noise');
    log.log('info', 'signed in');
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs - 1);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.events.map((e) => e.message))).toEqual([['signed in']]);
  });

  it('sends at most 100 events a request, going on while the server answers', async () => {
    failing = true;
    logMany(250);
    await vi.advanceTimersByTimeAsync(0);
    failing = false;
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs);
    expect(batches.map((b) => b.events.length)).toEqual([100, 100, 50]);
  });

  it('drops a batch after 5 failed sends', async () => {
    failing = true;
    log.log('warn', 'lost at sea');
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs * EVENT_LOG.resendLimit);
    failing = false;
    log.log('warn', 'after');
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs);
    expect(batches.map((b) => b.events.map((e) => e.message))).toEqual([['after']]);
  });

  it('keeps a batch through fewer failures than the resend limit', async () => {
    failing = true;
    log.log('warn', 'delayed');
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs * (EVENT_LOG.resendLimit - 1));
    failing = false;
    await vi.advanceTimersByTimeAsync(EVENT_LOG.flushIntervalMs);
    expect(batches.map((b) => b.events.map((e) => e.message))).toEqual([['delayed']]);
  });
});
