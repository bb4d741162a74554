/**
 * One statement for the reads that many requests make at once. After an edit every device
 * pulls at the same moment, and each pull's account lookup and clock read took a pooled
 * connection for a round trip of its own: 200 of each queued for the pool's ten connections,
 * and the writers' edits behind them (issue 12). Here a read asked for while another is under
 * way waits for it to end and goes, with every other one asked for meanwhile, into the next
 * statement: each answer still comes from a statement that began after it was asked for, as
 * fresh as a read of its own, at the cost of at most one more round trip.
 *
 * `read` answers the keys in their order. When a batch fails, each of its keys is read again
 * alone, so one request's bad input fails that request only.
 */
export function batchedReads<K, V>(read: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  const settle = async (batch: typeof waiting) => {
    try {
      const values = await read(batch.map((w) => w.key));
      batch.forEach((w, i) => w.resolve(values[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map((w) => settle([w])));
    }
  };

  const run = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await settle(batch);
    }
    running = false;
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) void run();
    });
}
