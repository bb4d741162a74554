/**
 * Service keys: the credential of an integration (the ERP side of the work-order import). A key
 * is `opk_<id>_<secret>`, 32 random bytes of secret; only its SHA-256 is stored (a slow hash
 * buys nothing for a secret that long), compared in constant time. Each key is tied to one site
 * and can be revoked.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServiceKey } from '../../schemas';
import type { Queryable } from '../db/database';

export const SERVICE_KEY_PREFIX = 'opk_';

interface KeyRow {
  service_key_id: string;
  name: string;
  site_id: number;
  secret_hash: string;
  created_on: string;
  last_used_on: string | null;
  revoked_on: string | null;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const COLUMNS = `service_key_id, name, site_id, secret_hash, sync_text(created_on) as created_on,
  sync_text(last_used_on) as last_used_on, sync_text(revoked_on) as revoked_on`;

const present = (r: KeyRow): ServiceKey => ({
  ServiceKeyId: r.service_key_id,
  Name: r.name,
  SiteId: r.site_id,
  CreatedOn: r.created_on,
  LastUsedOn: r.last_used_on,
  RevokedOn: r.revoked_on,
});

/** Makes a key; the returned `key` is the only time the secret exists outside its holder. */
export async function createServiceKey(db: Queryable, name: string, siteId: number, createdBy: number | null): Promise<{ serviceKey: ServiceKey; key: string }> {
  const id = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db.query<KeyRow>(
    `insert into service_keys (service_key_id, name, site_id, secret_hash, created_by) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [id, name, siteId, hash(secret), createdBy],
  );
  return { serviceKey: present(row!), key: `${SERVICE_KEY_PREFIX}${id}_${secret}` };
}

export async function listServiceKeys(db: Queryable): Promise<ServiceKey[]> {
  return (await db.query<KeyRow>(`select ${COLUMNS} from service_keys order by created_on`)).map(present);
}

/** Revokes a key at once; 'already' when it was revoked before (nothing changes), 'missing' when there is no such key. */
export async function revokeServiceKey(db: Queryable, id: string): Promise<'revoked' | 'already' | 'missing'> {
  const [key] = await db.query<{ revoked: boolean }>('select revoked_on is not null as revoked from service_keys where service_key_id = $1 for update', [id]);
  if (!key) return 'missing';
  if (key.revoked) return 'already';
  await db.query('update service_keys set revoked_on = now() where service_key_id = $1', [id]);
  return 'revoked';
}

/** The key a bearer token names, if it is a live service key; records its use. */
export async function verifyServiceKey(db: Queryable, token: string): Promise<ServiceKey | null> {
  const match = /^opk_([A-Za-z0-9]+)_([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [row] = await db.query<KeyRow>(`select ${COLUMNS} from service_keys where service_key_id = $1 and revoked_on is null`, [match[1]]);
  if (!row) return null;
  const given = Buffer.from(hash(match[2]!));
  const stored = Buffer.from(row.secret_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  await db.query('update service_keys set last_used_on = now() where service_key_id = $1', [row.service_key_id]);
  return present(row);
}
