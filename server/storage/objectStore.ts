import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { s3ObjectStore, type S3Settings } from './s3ObjectStore';

/**
 * Where files live (attachments, plot plans, rendered PDFs): a folder under DATA_DIR by
 * default; an S3-compatible store can implement the same three calls. Keys are paths made
 * by the server ('attachments/<permit>/<id>'), never taken from a request as they are.
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file and its type, or undefined when there is none under that key. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

/** A folder on disk; each file's type is kept beside it, as S3 keeps it with the object. */
export function folderObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // A key is the server's own, but a mistake must never reach outside the folder.
    if (!path.startsWith(base + sep)) throw new Error(`Object key outside the store: ${key}`);
    return path;
  };
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      await writeFile(`${path}.type`, contentType);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { body: new Uint8Array(body), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}

/** The store of this server: the S3-compatible one when S3_BUCKET is set, else DATA_DIR/objects. */
export const createObjectStore = (dataDir: string, s3?: S3Settings): ObjectStore => (s3 ? s3ObjectStore(s3) : folderObjectStore(join(dataDir, 'objects')));
