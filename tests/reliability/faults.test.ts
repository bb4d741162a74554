/**
 * Issue 12 §4: the replication module (the device) against the production server in a process of
 * its own, with faults between them — the server killed with SIGKILL mid-push, the connection cut
 * mid-request and mid-answer, a push delivered twice, a device clock 10 minutes off. Whatever
 * happens: every queued edit reaches the server once, none is refused, the replica ends as the
 * server is. The pulls' faults (a page cut, a week-old checkpoint) are in pullFaults.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxRequest } from '../../replication/outbox';
import { waitFor } from '../replication/helpers';
import { contractorToken, openDevice, CONTRACTOR, type Device } from './device';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { holdIdempotentAnswers, holdPermit, type HeldWrite } from './heldWrites';
import { editField, newPermit, submit, type EditedPermit } from './permitEdits';
import { replay } from './rawHttp';
import { openDatabase } from '../../server/db/database';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { eventsOf, permitOnServer } from './serverView';

const MINUTE = 60_000;
const isContentPatch = (line: string) => line.startsWith('PATCH /api/permitcontent?');
const isSubmit = (line: string) => line.startsWith('POST /api/permitinstance/submit ');
const isCreate = (line: string) => line.startsWith('POST /api/permitcontentofdef ');

// A restart of the server takes seconds on a quiet machine, and far longer on a busy CI runner.
describe('pushes through faults, against the server in its own process', { timeout: 4 * 60_000 }, () => {
  let server: ServerProcess;
  let proxy: FaultProxy;
  let token: string;
  const devices: Device[] = [];
  /** Every permit the tests made, with what the server must hold of it; checked once more in its database at the end. */
  const made: { permit: EditedPermit; fields: Record<string, unknown>; submitted: boolean }[] = [];

  beforeAll(async () => {
    server = await startServerProcess();
    proxy = await startFaultProxy(server.port);
    token = await contractorToken(server.url);
  }, 180_000);
  // RxDB allows 13 open collections a process: one device at a time.
  afterEach(async () => {
    for (const device of devices.splice(0)) await device.remove();
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const device = async (now?: () => number) => {
    const opened = await openDevice({ now });
    devices.push(opened);
    return opened;
  };
  const apiUrl = () => `${proxy.url}/api`;
  /** The outbox module as a new page loads it: nothing remembered from an earlier page. */
  const pageLoad = async () => {
    vi.resetModules();
    return import('../../replication/outbox');
  };

  /** An offline shift's work: two permits, edits of each (the first's merge into one request), one submitted. */
  function shift(name: string): { requests: OutboxRequest[]; permits: EditedPermit[] } {
    const a = newPermit(`${name}: weld support`);
    const b = newPermit(`${name}: replace gasket`);
    const requests = [a.create, editField(a, 'workLocationDescription', `${name} deck 2`), editField(a, 'numberOfWorkers', 4), b.create, editField(b, 'company', `${name} Welding`), submit(a)];
    made.push(
      { permit: a, fields: { jobDescription: `${name}: weld support`, workLocationDescription: `${name} deck 2`, numberOfWorkers: 4 }, submitted: true },
      { permit: b, fields: { jobDescription: `${name}: replace gasket`, company: `${name} Welding` }, submitted: false },
    );
    return { requests, permits: [a, b] };
  }

  /** The server holds every edit, and the device's replica shows the server's version of each permit. */
  async function expectDelivered(on: Device, permits: EditedPermit[]) {
    await on.drained(2 * MINUTE);
    for (const permit of permits) {
      const expected = made.find((m) => m.permit === permit)!;
      const held = await permitOnServer(server.url, token, permit.id);
      expect(held?.ContentJSON.HotWork).toMatchObject(expected.fields);
      expect(held?.State).toBe(expected.submitted ? 'PENDING' : 'DRAFT');
      await waitFor(async () => (await on.db.permits.findOne(permit.id).exec())?.DateChanged === held!.DateChanged, 30_000, `the replica to hold ${permit.id} as the server does`);
      const replica = (await on.db.permits.findOne(permit.id).exec())!;
      expect(replica.ContentJSON).toEqual(held!.ContentJSON);
    }
  }

  it('the server killed while a push is on its way in, and restarted: every edit arrives, once', async () => {
    const d = await device();
    const work = shift('Killed on the way in');
    await d.queue(...work.requests);
    // All of the edit request but its last byte has reached the server when it dies.
    const reached = proxy.arm({ kind: 'hold-request', match: isContentPatch });
    d.start(apiUrl(), token);
    await reached;
    await server.kill();
    await server.restart();
    await expectDelivered(d, work.permits);
  });

  it('the server killed after it saved a push but before its answer left, and restarted: the resend is not applied again', async () => {
    const d = await device();
    const work = shift('Killed on the way out');
    await d.queue(...work.requests);
    const answered = proxy.arm({ kind: 'hold-response', match: isSubmit });
    d.start(apiUrl(), token);
    await answered;
    await server.kill();
    await server.restart();
    await expectDelivered(d, work.permits);
    expect(proxy.requests.filter(isSubmit).length).toBeGreaterThanOrEqual(2);
  });

  it('the connection cut in the middle of a push, and in the middle of its answer: retries converge', async () => {
    const d = await device();
    const work = shift('Cut');
    await d.queue(...work.requests);
    const cutRequest = proxy.arm({ kind: 'cut-request', match: isCreate, bytes: 120 });
    d.start(apiUrl(), token);
    await cutRequest;
    const before = proxy.requests.filter(isContentPatch).length;
    await proxy.arm({ kind: 'cut-response', match: isContentPatch, bytes: 30 });
    await expectDelivered(d, work.permits);
    expect(proxy.requests.filter(isContentPatch).length - before).toBeGreaterThanOrEqual(2);
  });

  it('the same push delivered twice, byte for byte: the second is answered from the first, and nothing is applied again', async () => {
    const d = await device();
    const work = shift('Twice');
    await d.queue(...work.requests);
    d.start(apiUrl(), token);
    await expectDelivered(d, work.permits);
    const [a] = work.permits;
    for (const match of [isCreate, isContentPatch, isSubmit]) {
      const again = await replay(server.port, proxy.rawRequest(match));
      expect(again.status, again.body).toBeLessThan(300);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    // The replayed edit changed nothing: the permit is as it was.
    const held = await permitOnServer(server.url, token, a!.id);
    expect(held?.DateChanged).toBe((await d.db.permits.findOne(a!.id).exec())?.DateChanged);
  });

  for (const skew of [10 * MINUTE, -10 * MINUTE]) {
    it(`a device clock ${skew > 0 ? 'ahead' : 'behind'} by 10 minutes, corrected between a reload and the next edit: nothing lost, nothing refused`, async () => {
      let offset = skew;
      const d = await device(() => Date.now() + offset);
      const permit = newPermit(`Skewed ${skew / MINUTE} min`);
      made.push({ permit, fields: { jobDescription: `Skewed ${skew / MINUTE} min`, workLocationDescription: 'After the clock was set right' }, submitted: false });
      // Each append in a page of its own (a fresh outbox module): the permit made offline on the skewed
      // clock, then the clock set right (network time) and the app reloaded before the next edit.
      await (await pageLoad()).appendToOutbox(d.db, CONTRACTOR, permit.create, Date.now() + offset);
      offset = 0;
      await (await pageLoad()).appendToOutbox(d.db, CONTRACTOR, editField(permit, 'workLocationDescription', 'After the clock was set right'), Date.now() + offset);
      d.start(apiUrl(), token);
      await expectDelivered(d, [permit]);
    });
  }

  for (const skew of [10 * MINUTE, -10 * MINUTE]) {
    it(`a device clock ${skew > 0 ? 'ahead' : 'behind'} by 10 minutes throughout: its edits arrive, the server's changes reach it, its checkpoints are the server's stamps in order`, async () => {
      const d = await device(() => Date.now() + skew);
      const seen = proxy.requests.length;
      const work = shift(`Off by ${skew / MINUTE} min`);
      await d.queue(...work.requests);
      d.start(apiUrl(), token);
      await expectDelivered(d, work.permits);

      // The same user on another device changes a permit: the skewed one pulls it.
      const [, b] = work.permits;
      const changed = await fetch(`${server.url}/api/permitcontent?PermitInstanceId=${b!.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ops: [{ op: 'add', path: '/HotWork/company', value: 'Changed on another device' }] }),
      });
      expect(changed.status, await changed.text()).toBe(200);
      made.find((m) => m.permit === b)!.fields.company = 'Changed on another device';
      await expectDelivered(d, [b!]);

      const stamps = proxy.requests.slice(seen).filter((line) => line.startsWith('GET /api/sync/permits?')).flatMap((line) => {
        const checkpoint = new URL(line.split(' ')[1]!, 'http://x').searchParams.get('checkpoint');
        return checkpoint ? [(JSON.parse(checkpoint) as { DateChanged: string }).DateChanged] : [];
      });
      expect(stamps.length).toBeGreaterThan(0);
      expect([...stamps].sort()).toEqual(stamps);
      // Stamped by the server's clock: never ahead of it, however far ahead the device's is.
      expect(Date.parse(stamps.at(-1)!)).toBeLessThanOrEqual(Date.now());
    });
  }

  /**
   * A permit made and delivered, then its submit queued while `hold` stops the server at a point
   * of it; the server is killed there and restarted. Resolves with how long after the restart the
   * device had its answer.
   */
  async function submitKilledAt(name: string, hold: (databaseUrl: string, permitId: string) => Promise<HeldWrite>): Promise<number> {
    const d = await device();
    const permit = newPermit(name);
    made.push({ permit, fields: { jobDescription: name }, submitted: true });
    await d.queue(permit.create);
    d.start(apiUrl(), token);
    await d.drained(2 * MINUTE);
    const held = await hold(server.databaseUrl!, permit.id);
    try {
      await d.queue(submit(permit));
      await held.reached();
      await server.kill();
    } finally {
      await held.release();
    }
    await server.restart();
    const restarted = Date.now();
    await d.drained(2 * MINUTE);
    const answeredMs = Date.now() - restarted;
    console.log(`${name}: the outbox had the server's answer ${answeredMs} ms after the restart`);
    await expectDelivered(d, [permit]);
    const db = await openDatabase({ databaseUrl: server.databaseUrl! });
    try {
      expect(await eventsOf(db, permit.id)).toMatchObject({ 'permit.create': 1, 'permit.submit': 1 });
    } finally {
      await db.close();
    }
    return answeredMs;
  }

  // A resend is answered in seconds: before, a dead server's key stayed "in flight" for a minute of 429s.
  const PROMPT_MS = 20_000;

  it.runIf(process.env.DATABASE_URL)('the server killed after a submit committed but before its answer was stored, and restarted: the resend succeeds at once and is not applied again', async () => {
    const answeredMs = await submitKilledAt('Killed after the commit', (url) => holdIdempotentAnswers(url));
    expect(answeredMs).toBeLessThan(PROMPT_MS);
    expect(proxy.requests.filter(isSubmit).length).toBeGreaterThanOrEqual(2);
  });

  it.runIf(process.env.DATABASE_URL)('the server killed while a submit waits inside its transaction, and restarted: the resend runs at once, once', async () => {
    const answeredMs = await submitKilledAt('Killed mid-change', holdPermit);
    expect(answeredMs).toBeLessThan(PROMPT_MS);
  });

  it('the database holds each permit once, with each event of its history once', async () => {
    const db = await server.stopAndOpenDatabase();
    try {
      for (const { permit, submitted } of made) {
        const [row] = await db.query<{ n: number }>('select count(*)::int as n from permits where permit_instance_id = $1', [permit.id]);
        expect(row!.n).toBe(1);
        const events = await eventsOf(db, permit.id);
        expect(events['permit.create']).toBe(1);
        expect(events['permit.submit'] ?? 0).toBe(submitted ? 1 : 0);
      }
    } finally {
      await db.close();
    }
  });
});
