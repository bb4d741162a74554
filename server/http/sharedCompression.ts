import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, gzip } from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL } from './delivery';

/** The content codings the API answers in (the same as registerCompression's). */
export type Encoding = 'br' | 'gzip';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * The coding a client asked for in Accept-Encoding: the one with the highest q, brotli on a
 * tie; `*` stands for any coding not named; q=0 refuses one. Null: neither is accepted.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith('q='));
    q.set(name === 'x-gzip' ? 'gzip' : name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const weightOf = (encoding: Encoding) => q.get(encoding) ?? q.get('*') ?? 0;
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

interface Compressed {
  bytes: Buffer;
  /** Of the text, for gzip's trailer, which holds the whole body's CRC-32 and length. */
  crc: number;
  length: number;
}

/**
 * A text many answers begin with, compressed once per coding; each answer ends it with a short
 * text of its own (a shared sync page and one device's checkpoint). The start is compressed
 * with a flush instead of an end, so its bytes stop on a byte boundary with the stream still
 * open; each answer's end follows as stored (uncompressed) blocks that close the stream. Both
 * formats allow it: a brotli uncompressed meta-block (RFC 7932 §9.2) and a deflate stored
 * block (RFC 1951 §3.2.4) may follow any block, and gzip's trailer CRC is continued over the
 * end (RFC 1952). The end is a few hundred bytes: storing it costs less than compressing it.
 */
export class SharedStart {
  private readonly compressed = new Map<Encoding, Promise<Compressed>>();
  private kept = 0;

  /** `start` makes the text when it is first compressed: a cache holding this keeps only the compressed bytes besides what it held. */
  constructor(private readonly start: () => string) {}

  /** The compressed bytes held, for a cache's memory account. */
  get keptBytes(): number {
    return this.kept;
  }

  /** The whole answer, the start then `end`, in `encoding`. */
  async encode(encoding: Encoding, end: string): Promise<Buffer> {
    const { bytes, crc, length } = await this.compress(encoding);
    const tail = Buffer.from(end);
    return Buffer.concat(encoding === 'br' ? [bytes, brotliEnd(tail)] : [bytes, gzipEnd(tail, crc, length)]);
  }

  private compress(encoding: Encoding): Promise<Compressed> {
    let pending = this.compressed.get(encoding);
    if (!pending) {
      const text = Buffer.from(this.start());
      const bytes =
        encoding === 'br'
          ? compressBrotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: text.length }, finishFlush: constants.BROTLI_OPERATION_FLUSH })
          : compressGzip(text, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
      pending = bytes.then((bytes) => {
        this.kept += bytes.length;
        return { bytes, crc: encoding === 'gzip' ? crc32(text) : 0, length: text.length };
      });
      // A failure is not kept: the next answer tries again.
      pending.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, pending);
    }
    return pending;
  }
}

/** Brotli uncompressed meta-blocks of at most 2^16 bytes, then an empty last one. */
function brotliEnd(tail: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < tail.length; at += 0x10000) {
    const chunk = tail.subarray(at, at + 0x10000);
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN-1 in 16 bits, ISUNCOMPRESSED 1, padded to the byte.
    const header = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, header >> 16]), chunk);
  }
  // ISLAST 1, ISLASTEMPTY 1.
  parts.push(Buffer.from([0x03]));
  return Buffer.concat(parts);
}

/** Deflate stored blocks of at most 65,535 bytes, the last one final, then gzip's CRC-32 and length. */
function gzipEnd(tail: Buffer, crc: number, length: number): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const chunk = tail.subarray(at, at + 0xffff);
    at += chunk.length;
    const header = Buffer.alloc(5);
    // BFINAL, BTYPE 00 (stored), padded to the byte; LEN and its one's complement.
    header[0] = at >= tail.length ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(chunk.length ^ 0xffff, 3);
    parts.push(header, chunk);
  } while (at < tail.length);
  const trailer = Buffer.alloc(8);
  // zlib.crc32 of no bytes answers 0, not the value it was given to continue.
  trailer.writeUInt32LE(tail.length > 0 ? crc32(tail, crc) : crc, 0);
  trailer.writeUInt32LE((length + tail.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
