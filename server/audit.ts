import type { Queryable } from './db/database';

/** Records who did what; call it inside the transaction of the change it describes. */
export async function audit(db: Queryable, personnelId: number | null, action: string, detail: Record<string, unknown> = {}): Promise<void> {
  await db.query('insert into audit_log (personnel_id, action, detail) values ($1, $2, $3)', [personnelId, action, JSON.stringify(detail)]);
}
