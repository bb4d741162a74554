import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServedCollection } from '../../schemas';
import { createChangeBatcher } from '../../server/sync/changeBatcher';

describe('the pace of a stream’s change events', () => {
  let told: ServedCollection[][];
  let batcher: ReturnType<typeof createChangeBatcher>;
  beforeEach(() => {
    vi.useFakeTimers();
    told = [];
    batcher = createChangeBatcher((collections) => told.push(collections), 50);
  });
  afterEach(() => {
    batcher.stop();
    vi.useRealTimers();
  });

  it('tells a change at once, in one event with the changes that arrived in the same turn', async () => {
    batcher.add(['permits']);
    batcher.add(['definitions', 'permits']);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual([['permits', 'definitions']]);
  });

  it('holds what changes just after an event until its window ends, then tells it all in one', async () => {
    batcher.add(['permits']);
    await vi.advanceTimersByTimeAsync(1);
    batcher.add(['permits']);
    await vi.advanceTimersByTimeAsync(10);
    batcher.add(['drafts']);
    await vi.advanceTimersByTimeAsync(30);
    expect(told).toEqual([['permits']]);
    await vi.advanceTimersByTimeAsync(10);
    expect(told).toEqual([['permits'], ['permits', 'drafts']]);
    // The next window, opened by that event, closes with nothing to tell; a change after it goes at once.
    await vi.advanceTimersByTimeAsync(60);
    batcher.add(['definitions']);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual([['permits'], ['permits', 'drafts'], ['definitions']]);
  });

  it('tells nothing once stopped', async () => {
    batcher.add(['permits']);
    batcher.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(told).toEqual([]);
  });
});
