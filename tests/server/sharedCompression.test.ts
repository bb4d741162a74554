import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, SharedStart, type Encoding } from '../../server/http/sharedCompression';

const decode = (encoding: Encoding, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8');

/** JSON much like a sync page's documents: repetitive enough to compress, with multi-byte text. */
const documents = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: `permit-${i}`, Description: `Entrée ${i} — cuve n° ${i % 7} `.repeat(i % 9), n: i * 31 })));

describe.each(['br', 'gzip'] as const)('an answer whose start is compressed once, in %s', (encoding) => {
  it('decodes, with each answer its own end, to the start then that end', async () => {
    const start = `{"documents":${documents}`;
    const shared = new SharedStart(() => start);
    // Ends as short as nothing, longer than one stored block (64 KiB), with multi-byte characters.
    for (const end of ['', '}', `,"checkpoint":{"id":"é"},"remaining":0,"resync":false}`, `,"x":"${'ü'.repeat(40_000)}"}`, `,"x":"${'a'.repeat(140_000)}"}`]) {
      const body = await shared.encode(encoding, end);
      expect(decode(encoding, body), `end of ${end.length} characters`).toBe(start + end);
    }
    expect((await shared.encode(encoding, '}')).length).toBeLessThan(Buffer.byteLength(start) / 4);
  });

  it('compresses the start once for every answer, those asking at the same time included', async () => {
    let made = 0;
    const shared = new SharedStart(() => {
      made += 1;
      return `{"documents":${documents}`;
    });
    const bodies = await Promise.all(Array.from({ length: 5 }, (_, i) => shared.encode(encoding, `,"device":${i}}`)));
    await shared.encode(encoding, ',"device":5}');
    expect(made).toBe(1);
    expect(bodies.map((body) => JSON.parse(decode(encoding, body)).device)).toEqual([0, 1, 2, 3, 4]);
    expect(shared.keptBytes).toBeGreaterThan(0);
    expect(shared.keptBytes).toBeLessThan(Buffer.byteLength(documents) / 4);
  });
});

describe('the coding a client accepts', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['GZIP;q=0.8, BR;q=0.9', 'br'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    ['deflate, gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %j gives %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
