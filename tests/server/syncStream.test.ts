import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULLED_COLLECTIONS } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildDraft, buildPermit, personnelIdOf } from './syncFactories';

/** A client of GET /api/sync/stream, reading it as the app does: fetch with the bearer token. */
class StreamClient {
  private buffer = '';
  private waiting: (() => void) | null = null;
  readonly events: { event: string; data: unknown }[] = [];
  readonly comments: string[] = [];
  done = false;
  response!: Response;

  static async open(baseUrl: string, token: string): Promise<StreamClient> {
    const client = new StreamClient();
    client.response = await fetch(`${baseUrl}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` } });
    void client.read(client.response.body!.getReader());
    return client;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.waiting?.();
      }
    } catch {
      // The connection was cut: the same as its end for these tests.
    }
    this.done = true;
    this.waiting?.();
  }

  private parse(block: string) {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data) this.events.push({ event, data: JSON.parse(data) });
  }

  /** Resolves when `check` holds, or fails after `ms`. */
  async until(check: () => boolean, ms = 3000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`stream: timed out; events so far ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  next(count: number) {
    return this.until(() => this.events.length >= count).then(() => this.events[count - 1]);
  }
}

describe.each(DATABASE_KINDS)('the sync change stream on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  let viewer: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    viewer = await server.employeeToken('viewer@demo.test');
  });
  afterAll(() => server.close());

  it('wakes a user for a change they can see, and not for one at a location they cannot', async () => {
    const stream = await StreamClient.open(baseUrl, viewer);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await stream.until(() => stream.comments.includes('connected'));

    await buildPermit(server.db, { locationId: 211 });
    await buildPermit(server.db, { locationId: 121 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await buildDraft(server.db, await personnelIdOf(server.db, 'viewer@demo.test'));
    expect(await stream.next(1)).toEqual({ event: 'change', data: { collections: ['drafts'] } });

    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await buildPermit(tx, { locationId: 111 });
    });
    expect(await stream.next(2)).toEqual({ event: 'change', data: { collections: ['permits'] } });
    // One permit moved from where the viewer looks to where they cannot: they must learn it left.
    const [row] = await server.db.query<{ permit_instance_id: string }>('select permit_instance_id from permits where location_id = 111 limit 1');
    await server.db.query('update permits set location_id = 211 where permit_instance_id = $1', [row!.permit_instance_id]);
    expect(await stream.next(3)).toEqual({ event: 'change', data: { collections: ['permits'] } });
    expect(stream.events).toHaveLength(3);
  });

  it('tells the stream to pull everything when the user’s home location changes', async () => {
    const stream = await StreamClient.open(baseUrl, viewer);
    await stream.until(() => stream.comments.includes('connected'));
    const PersonnelId = await personnelIdOf(server.db, 'viewer@demo.test');
    await server.request({ method: 'POST', url: '/api/userpref', token: viewer, payload: { PersonnelId, HomeLocationId: 111 } });
    await stream.until(() => stream.events.some((e) => (e.data as { collections: string[] }).collections.length === PULLED_COLLECTIONS.length));
    // Now a change at 112 (viewable before, not under the new home) does not wake them.
    const before = stream.events.length;
    await buildPermit(server.db, { locationId: 112 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events).toHaveLength(before);
  });

  it.runIf(kind === 'postgres')('is woken by a write made through another connection, as another instance makes it', async () => {
    const stream = await StreamClient.open(baseUrl, viewer);
    await stream.until(() => stream.comments.includes('connected'));
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    await other.query(`insert into permits (permit_instance_id, permit_definition_id, created_by, site_id, location_id) values ('other-instance', 'hot-work-v1', 1001, 1, 111)`);
    await other.end();
    expect(await stream.next(1)).toEqual({ event: 'change', data: { collections: ['permits'] } });
  });

  it('ends open streams when the server closes, without making it wait', async () => {
    const stream = await StreamClient.open(baseUrl, viewer);
    await stream.until(() => stream.comments.includes('connected'));
    const started = Date.now();
    await server.app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await stream.until(() => stream.done);
  });
});
