/**
 * The writers: each an editor's device sending its outbox's content edits — PATCH
 * /permitcontent?PermitInstanceId=… with `{"update": <Yjs update, base64>}` and an
 * Idempotency-Key, the body the outbox sends — through autocannon, `rate` edits a second each.
 * Each writer sets its own field (`loadW<n>`) in the permits it edits, built as the edit page
 * builds it: on the writer's own Yjs document of the permit.
 *
 * Autocannon paces a connection in one-second ticks that start when it is made, so one
 * instance of many connections would send all their edits in the same millisecond every
 * second. Each connection gets an instance of its own instead, started evenly over a second.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Client, type Result } from 'autocannon';
import * as Y from 'yjs';
import { applyJsonToDoc, docFromState, docToJson, fromBase64, toBase64 } from '../../domain/permits/yContent';
import type { SignedIn } from './signIn';

const ANSWER_TIMEOUT_S = 60;

export interface EditTarget {
  id: string;
  /** The sub-form the writers' fields go into. */
  form: string;
  /** The permit's Yjs state when the run started (base64; empty for a permit never edited)… */
  state: string;
  /** …and its content, which a first edit builds on when it has no state. */
  content: Record<string, unknown>;
}

interface Edit {
  permit: EditTarget;
  field: string;
  value: string;
  key: string;
  body: string;
}

/** Permit id → field → the value of the last edit the server accepted. */
export type Accepted = Map<string, Map<string, string>>;

export interface WriterAnswers {
  accepted: number;
  /** 429 with Retry-After: resent, as the outbox does. */
  expected429: number;
  /** Any other answer but 2xx, by status and sentence. */
  errors: Map<string, number>;
}

class Writer {
  private readonly docs = new Map<string, Y.Doc>();
  private count = 0;
  /** Built and not answered: sent again (same key and body) by the next request. */
  private outstanding: Edit | null = null;

  constructor(
    readonly index: number,
    private readonly session: SignedIn,
    private readonly targets: readonly EditTarget[],
    private readonly accepted: Accepted,
    private readonly answers: WriterAnswers,
  ) {}

  private nextEdit(): Edit {
    // Writers walk the permits from different starts, so several edit one permit at once.
    const permit = this.targets[(this.index * 7 + this.count) % this.targets.length]!;
    this.count += 1;
    let doc = this.docs.get(permit.id);
    if (!doc) {
      doc = docFromState(fromBase64(permit.state), permit.content);
      this.docs.set(permit.id, doc);
    }
    const field = `loadW${this.index}`;
    const value = String(this.count);
    const before = Y.encodeStateVector(doc);
    const content = docToJson(doc);
    applyJsonToDoc(doc, { ...content, [permit.form]: { ...(content[permit.form] as object | undefined), [field]: value } });
    const update = Y.encodeStateAsUpdate(doc, before);
    return { permit, field, value, key: randomUUID(), body: JSON.stringify({ update: toBase64(update) }) };
  }

  request(): { method: 'PATCH'; path: string; headers: Record<string, string>; body: string } {
    this.outstanding ??= this.nextEdit();
    const edit = this.outstanding;
    return {
      method: 'PATCH',
      path: `/api/permitcontent?PermitInstanceId=${encodeURIComponent(edit.permit.id)}`,
      headers: { authorization: `Bearer ${this.session.token()}`, 'content-type': 'application/json', 'idempotency-key': edit.key },
      body: edit.body,
    };
  }

  answered(status: number, body: string, headers: Record<string, unknown> | undefined): void {
    const edit = this.outstanding;
    if (!edit) return;
    if (status === 429 && headers?.['retry-after'] !== undefined) {
      this.answers.expected429 += 1;
      return; // sent again with the next tick, a second later: Retry-After is 1 s
    }
    this.outstanding = null;
    if (status >= 200 && status < 300) {
      this.answers.accepted += 1;
      const fields = this.accepted.get(edit.permit.id) ?? new Map<string, string>();
      fields.set(edit.field, edit.value);
      this.accepted.set(edit.permit.id, fields);
      return;
    }
    const kind = `${status} ${body.slice(0, 160)}`;
    this.answers.errors.set(kind, (this.answers.errors.get(kind) ?? 0) + 1);
  }

  /**
   * After the run, an edit built but not answered (cut off by the end, or timed out) is sent
   * again with its key, as the outbox would: either it is applied now, or the server replays
   * the answer it gave. Then what the server accepted is known exactly.
   */
  async settle(baseUrl: string): Promise<void> {
    for (let attempt = 0; this.outstanding && attempt < 10; attempt++) {
      const { path, headers, body } = this.request();
      const response = await fetch(`${baseUrl}${path}`, { method: 'PATCH', headers, body });
      const headerMap = Object.fromEntries(response.headers.entries());
      this.answered(response.status, await response.text(), headerMap);
      if (this.outstanding) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Autocannon's own merging of instances run with skipAggregateResult (its typings lack it). */
const aggregate = (autocannon as unknown as { aggregateResult(results: Result[], options: { url: string; connections: number }): Result }).aggregateResult;

export interface WritersRun {
  /** Autocannon's figures over every writer: latency percentiles, status counts, errors and timeouts. */
  result: Result;
  answers: WriterAnswers;
  accepted: Accepted;
}

/**
 * Autocannon sends at least one request a second on a connection, so writers slower than that
 * share one: a lane (connection) sends for its writers in turn, one edit a second. Each writer
 * still sends its edits one at a time, in order, as its outbox does.
 */
function lanesOf(writers: Writer[], rate: number): Writer[][] {
  const count = Math.max(1, Math.min(writers.length, Math.round(writers.length * rate)));
  return Array.from({ length: count }, (_, lane) => writers.filter((_, i) => i % count === lane));
}

export async function runWriters(baseUrl: string, sessions: readonly SignedIn[], targets: readonly EditTarget[], rate: number, seconds: number): Promise<WritersRun> {
  if (!(rate > 0 && rate <= 1)) throw new Error(`A writer sends at most one edit a second (--rate ${rate}).`);
  const accepted: Accepted = new Map();
  const answers: WriterAnswers = { accepted: 0, expected429: 0, errors: new Map() };
  const writers = sessions.map((session, i) => new Writer(i + 1, session, targets, accepted, answers));
  const lanes = lanesOf(writers, rate);
  const gapMs = 1000 / lanes.length;
  const runs = lanes.map(async (lane, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * gapMs));
    let turn = 0;
    let sending = lane[0]!;
    return autocannon({
      url: baseUrl,
      connections: 1,
      connectionRate: 1,
      duration: seconds,
      // The outbox waits for an answer however long it takes (a slow one is judged by the p99);
      // a minute is where proxies commonly give up, so no answer by then counts as an error.
      timeout: ANSWER_TIMEOUT_S,
      skipAggregateResult: true,
      setupClient: (client: Client) =>
        client.setRequests([
          {
            setupRequest: () => {
              sending = lane[turn++ % lane.length]!;
              return sending.request();
            },
            onResponse: (status, body, _context, headers) => sending.answered(status, body, headers),
          },
        ]),
    });
  });
  const results = await Promise.all(runs);
  await Promise.all(writers.map((writer) => writer.settle(baseUrl)));
  return { result: aggregate(results, { url: baseUrl, connections: lanes.length }), answers, accepted };
}
