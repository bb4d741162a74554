import { describe, expect, it } from 'vitest';
import { batchedReads } from '../../server/db/batchedReads';

/** A read the test answers by hand, recording the batches it was asked. */
function controlled() {
  const batches: string[][] = [];
  const answers: ((fail?: boolean) => void)[] = [];
  const read = (keys: string[]) => {
    batches.push(keys);
    return new Promise<string[]>((resolve, reject) => answers.push((fail) => (fail ? reject(new Error('no')) : resolve(keys.map((k) => k.toUpperCase())))));
  };
  return { batches, answers, read };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batched reads', () => {
  it('reads the keys asked for while a read runs in one statement after it, each answered with its own value', async () => {
    const { batches, answers, read } = controlled();
    const get = batchedReads(read);
    const first = get('a');
    const rest = ['b', 'c', 'd'].map(get);
    await tick();
    // Asked while 'a' was read: not in that statement, which may have begun before they were asked.
    expect(batches).toEqual([['a']]);
    answers[0]!();
    expect(await first).toBe('A');
    await tick();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    answers[1]!();
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
  });

  it('reads each key of a failed batch alone, so only the request whose read fails fails', async () => {
    const get = batchedReads(async (keys: string[]) => {
      if (keys.includes('bad')) throw new Error(`cannot read ${keys.join(' ')}`);
      return keys.map((k) => k.toUpperCase());
    });
    const slow = get('first');
    const together = ['x', 'bad', 'y'].map((k) => get(k).catch((error: Error) => error.message));
    await slow;
    expect(await Promise.all(together)).toEqual(['X', 'cannot read bad', 'Y']);
  });

  it('starts again after a quiet moment', async () => {
    const { batches, answers, read } = controlled();
    const get = batchedReads(read);
    const one = get('a');
    answers[0]!();
    await one;
    const two = get('b');
    await tick();
    answers[1]!();
    expect(await two).toBe('B');
    expect(batches).toEqual([['a'], ['b']]);
  });
});
