import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../db/database';

// Expired rows are invisible at once; deleting them is housekeeping, done now and then.
const SWEEP_EVERY_MS = 10 * 60 * 1000;

interface Row {
  payload: AdapterPayload;
  consumed: number | null;
}

const SELECT = `select payload, floor(extract(epoch from consumed_at))::float8 as consumed from oidc_payloads`;
const LIVE = `(expires_at is null or expires_at > now())`;

/**
 * Storage of the OpenID provider (sessions, interactions, grants, codes, tokens) in the
 * `oidc_payloads` table, so that every instance sees the same state and restarts lose nothing.
 */
export function createOidcAdapter(db: Queryable): AdapterFactory {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.query('delete from oidc_payloads where expires_at < now()');
  }

  const one = (rows: Row[]): AdapterPayload | undefined => {
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
  };

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      // A Grant is its own grant: keyed so that revoking a grant id also finds the grant itself.
      const grantId = model === 'Grant' ? id : (payload.grantId ?? null);
      await db.query(
        `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3, $4, $5, $6, case when $7::float8 > 0 then now() + make_interval(secs => $7::float8) end)
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [model, id, JSON.stringify(payload), grantId, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? 0],
      );
      await sweep();
    },

    async find(id) {
      return one(await db.query<Row>(`${SELECT} where model = $1 and id = $2 and ${LIVE}`, [model, id]));
    },

    async findByUid(uid) {
      return one(await db.query<Row>(`${SELECT} where model = $1 and uid = $2 and ${LIVE}`, [model, uid]));
    },

    async findByUserCode(userCode) {
      return one(await db.query<Row>(`${SELECT} where model = $1 and user_code = $2 and ${LIVE}`, [model, userCode]));
    },

    async consume(id) {
      await db.query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [model, id]);
    },

    async destroy(id) {
      if (model === 'Session') {
        await destroySession(db, id);
        return;
      }
      await db.query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
    },

    async revokeByGrantId(grantId) {
      await db.query('delete from oidc_payloads where model = $1 and grant_id = $2', [model, grantId]);
    },
  });
}

/**
 * The provider destroys a session only when the person signs out of it. Our client's refresh
 * tokens do not expire with the session (see `expiresWithSession`), so signing out must end
 * them here: the session and every grant it holds, with their codes and tokens, in one statement.
 */
async function destroySession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `with gone as (
       delete from oidc_payloads where model = 'Session' and id = $1 returning payload
     ), grants as (
       select auth.value->>'grantId' as grant_id
         from gone, jsonb_each(coalesce(gone.payload->'authorizations', '{}'::jsonb)) as auth
     )
     delete from oidc_payloads where grant_id in (select grant_id from grants where grant_id is not null)`,
    [id],
  );
}
