import pg from 'pg';

export type NotificationHandler = (payload: string | null) => void;

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * LISTEN on PostgreSQL: one dedicated connection per process (a pooled one would drop its
 * LISTENs when returned), opened on first use and re-established after a failure. Handlers are
 * then called with null: notifications sent meanwhile are lost, so listeners must catch up.
 */
export function createPgListener(connectionString: string) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  const listenSql = (c: pg.Client, channel: string) => `listen ${c.escapeIdentifier(channel)}`;

  function lost(failed: pg.Client) {
    if (closed || client !== failed) return;
    client = null;
    failed.removeAllListeners();
    failed.on('error', () => {});
    void failed.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
    retry = setTimeout(() => {
      connect().then(
        () => {
          for (const set of handlers.values()) for (const handler of set) handler(null);
        },
        () => scheduleReconnect(),
      );
    }, delay);
    retry.unref();
  }

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(listenSql(c, channel));
    if (closed) {
      await c.end();
      throw new Error('closed');
    }
    client = c;
    attempt = 0;
    return c;
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
      const set = handlers.get(channel) ?? new Set();
      const fresh = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      const c = await connect();
      // A connection opened just now already listens to every known channel.
      if (fresh) await c.query(listenSql(c, channel));
      return async () => {
        set.delete(handler);
        if (set.size === 0 && client) {
          handlers.delete(channel);
          await client.query(`unlisten ${client.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
