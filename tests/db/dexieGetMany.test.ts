import { describe, expect, it } from 'vitest';
import { getManyPresentOnly } from '../../src/db/dexieGetMany';

type Middleware = typeof getManyPresentOnly;
type Core = Parameters<Middleware['create']>[0];
type Table = ReturnType<Core['table']>;

/** A table of Dexie's core held in a Map, counting the keys each getMany really reads. */
function fakeTable(stored: Map<string, { id: string }>) {
  const reads: number[] = [];
  const table = {
    name: 'docs',
    schema: { primaryKey: { name: null, keyPath: 'id' } },
    getMany: async ({ keys }: { keys: (string | null)[] }) => {
      reads.push(keys.filter((key) => key !== null).length);
      return keys.map((key) => (key === null ? undefined : stored.get(key)));
    },
    query: async ({ query, limit }: { query: { range: { lower: string; upper: string } }; limit?: number }) => {
      const { lower, upper } = query.range;
      const result = [...stored.keys()].filter((key) => key >= lower && key <= upper).sort();
      return { result: result.slice(0, limit ?? Infinity) };
    },
  } as unknown as Table;
  const core = { table: () => table } as unknown as Core;
  const wrapped = (getManyPresentOnly.create(core) as Core).table('docs');
  return { getMany: (keys: string[]) => wrapped.getMany({ trans: {} as never, keys }), reads };
}

const key = (n: number) => `k${String(n).padStart(6, '0')}`;
const docs = (ns: number[]) => new Map(ns.map((n) => [key(n), { id: key(n) }]));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('getManyPresentOnly', () => {
  it('answers as Dexie does, reading only the keys the table holds', async () => {
    const table = fakeTable(docs(range(0, 300).filter((n) => n % 3 === 0)));
    const asked = range(0, 300).reverse().map(key);
    const found = await table.getMany(asked);
    expect(found).toEqual(asked.map((k) => (Number(k.slice(1)) % 3 === 0 ? { id: k } : undefined)));
    expect(table.reads).toEqual([100]);
  });

  it('reads nothing by key when the table holds none of them (a first sync)', async () => {
    const table = fakeTable(docs([]));
    const found = await table.getMany(range(0, 1000).map(key));
    expect(found.every((doc) => doc === undefined)).toBe(true);
    expect(table.reads).toEqual([0]);
  });

  it('reads each key, as Dexie does, when the range holds many more documents than asked for', async () => {
    const table = fakeTable(docs(range(0, 10_000)));
    const asked = range(0, 100).map((n) => key(n * 100));
    const found = await table.getMany(asked);
    expect(found).toEqual(asked.map((id) => ({ id })));
    expect(table.reads).toEqual([100]);
  });

  it('leaves a few keys to Dexie', async () => {
    const table = fakeTable(docs([1, 2]));
    expect(await table.getMany([key(1), key(3)])).toEqual([{ id: key(1) }, undefined]);
    expect(table.reads).toEqual([2]);
  });
});
