/**
 * The client event log (SPEC §9): what went wrong on a device, shipped to POST /log so support
 * can read it in the server's log next to the requests it made.
 */
import { CLIENT_LOG_LEVELS, type ClientLogEvent, type ClientLogLevel } from '../schemas';
import { EVENT_LOG } from '../domain/constants';
import { http as appHttp, type HttpClient } from './http';

export interface EventLogOptions {
  /** Default: the app's client. */
  http?: HttpClient;
  sessionId: string;
  version: string;
  /** Events below it are not kept (default INFO). */
  level?: ClientLogLevel;
  now?: () => Date;
}

export interface EventLog {
  log(level: ClientLogLevel, message: string, context?: Record<string, unknown>): void;
  /** Sends what waits now (a batch at a time); resolves when done or failed. */
  flush(): Promise<void>;
  /** Stops the timer; events still waiting are dropped. */
  stop(): void;
}

/** While the server cannot be reached, at most this many events wait; the oldest go first. */
const MAX_WAITING = EVENT_LOG.flushSize * 10;

interface Waiting {
  event: ClientLogEvent;
  attempts: number;
}

/**
 * Events wait in memory: a flush starts when `bufferSize` of them wait, and every
 * `flushIntervalMs` while any wait. One request carries at most `flushSize`; a batch that fails
 * `resendLimit` times is dropped, so a device offline for a shift does not hoard its log.
 */
export function createEventLog(options: EventLogOptions): EventLog {
  const now = options.now ?? (() => new Date());
  const threshold = CLIENT_LOG_LEVELS.indexOf(options.level ?? EVENT_LOG.defaultLevel);
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> | null = null;

  function schedule(): void {
    if (waiting.length === 0) {
      clearInterval(timer);
      timer = undefined;
    } else {
      timer ??= setInterval(() => void flush(), EVENT_LOG.flushIntervalMs);
    }
  }

  /** Sends one batch; true when it arrived. */
  async function send(): Promise<boolean> {
    const batch = waiting.slice(0, EVENT_LOG.flushSize);
    if (batch.length === 0) return false;
    try {
      const body = { sessionId: options.sessionId, version: options.version, events: batch.map((w) => w.event) };
      await (options.http ?? appHttp).api<void>('POST', '/log', body);
      waiting = waiting.filter((w) => !batch.includes(w));
      return true;
    } catch {
      for (const w of batch) w.attempts += 1;
      waiting = waiting.filter((w) => w.attempts < EVENT_LOG.resendLimit);
      return false;
    }
  }

  function flush(): Promise<void> {
    flushing ??= send().then((sent) => {
      flushing = null;
      schedule();
      // More than a batch was waiting: go on while the server answers; after a failure, wait for the timer.
      if (sent && waiting.length >= EVENT_LOG.bufferSize) return flush();
    });
    return flushing;
  }

  return {
    log(level, message, context) {
      if (CLIENT_LOG_LEVELS.indexOf(level) < threshold) return;
      const event: ClientLogEvent = { level, message: message.slice(0, 2000) || '(empty)', at: now().toISOString(), ...(context ? { context } : {}) };
      waiting.push({ event, attempts: 0 });
      if (waiting.length > MAX_WAITING) waiting.splice(0, waiting.length - MAX_WAITING);
      if (waiting.length >= EVENT_LOG.bufferSize) void flush();
      schedule();
    },
    flush,
    stop() {
      waiting = [];
      schedule();
    },
  };
}
