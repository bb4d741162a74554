import type { ApprovalRecord, Comment, Permit, PermitApprovals, PermitDefinition, PermitState } from '../../schemas';
import { approvalsSummary } from '../../domain/permits/approvals';
import type { Queryable } from '../db/database';
import { notFound } from '../http/errors';
import { PERMIT_DOCUMENT } from '../sync/permits';

/** A permit as the services use it: the replicated document plus what only the server keeps. */
export interface StoredPermit extends Permit {
  State: PermitState;
  contentState: Uint8Array;
  validUntil: string | null;
  timedOut: boolean;
}

const COLUMNS = `json_build_object(${PERMIT_DOCUMENT}) as document, sync_text(p.valid_until) as valid_until,
  p.timed_out_at is not null as timed_out, p.content_state`;
const BY_ID = 'from permits p where p.permit_instance_id = $1 and not p.deleted';

interface Row {
  document: Permit;
  valid_until: string | null;
  timed_out: boolean;
  content_state: Uint8Array;
}

const toStored = (row: Row): StoredPermit => ({
  ...row.document,
  State: row.document.State as PermitState,
  contentState: new Uint8Array(row.content_state),
  validUntil: row.valid_until,
  timedOut: row.timed_out,
});

/** The replicated document of a stored permit (what GET /permitinstance answers). */
export function toDocument(permit: StoredPermit): Permit {
  const document: Partial<StoredPermit> = { ...permit };
  delete document.contentState;
  delete document.validUntil;
  delete document.timedOut;
  return document as Permit;
}

export async function loadPermit(tx: Queryable, id: string): Promise<StoredPermit> {
  const [row] = await tx.query<Row>(`select ${COLUMNS} ${BY_ID}`, [id]);
  if (!row) throw notFound(`There is no permit ${id}.`);
  return toStored(row);
}

/** Permits by id, for bulk answers; unknown and deleted ids are left out. */
export async function findPermits(tx: Queryable, ids: readonly string[]): Promise<StoredPermit[]> {
  const rows = await tx.query<Row>(`select ${COLUMNS} from permits p where p.permit_instance_id = any($1::text[]) and not p.deleted`, [ids]);
  return rows.map(toStored);
}

export async function loadDefinition(tx: Queryable, id: string): Promise<PermitDefinition> {
  const [row] = await tx.query<{ location_id: number; effective_date: string; metadata: PermitDefinition['DefinitionMetadataJSON']; s3_key: string; forms: PermitDefinition['Forms']; date_changed: string }>(
    `select location_id, sync_text(effective_date) as effective_date, metadata, s3_key, forms, sync_text(date_changed) as date_changed
       from definitions where permit_definition_id = $1 and not deleted`,
    [id],
  );
  if (!row) throw notFound(`There is no permit definition ${id}.`);
  return {
    PermitDefinitionId: id, LocationId: row.location_id, EffectiveDate: row.effective_date, DefinitionMetadataJSON: row.metadata,
    DefinitionJSONS3Key: row.s3_key, Forms: row.forms, DateChanged: row.date_changed,
  };
}

/**
 * A permit and its approval records, summary and comments (as GET /permitinstancestatus answers
 * them), in one read of its row: every action on a permit is judged on both. `lock` holds the
 * row until the transaction ends, so two actions on it run one after the other.
 */
export async function loadPermitWithApprovals(tx: Queryable, id: string, lock: boolean): Promise<{ permit: StoredPermit; approvals: PermitApprovals }> {
  const [row] = await tx.query<Row & { approvals: ApprovalRecord[]; summary: PermitApprovals['Summary']; comments: Comment[] }>(
    `select ${COLUMNS}, p.approvals, p.approval_summary as summary, p.comments ${BY_ID}${lock ? ' for update of p' : ''}`,
    [id],
  );
  if (!row) throw notFound(`There is no permit ${id}.`);
  const permit = toStored(row);
  const approvals = { PermitInstanceId: id, LocationId: permit.LocationId, Approvals: row.approvals, Summary: row.summary, Comments: row.comments, DateChanged: permit.DateChanged };
  return { permit, approvals };
}

/**
 * Writes a permit's approval records and comments, the summary recomputed for the permit's
 * state. They are the permit's own columns: the write restamps the permit, so every replica
 * pulls it again with them.
 */
export async function saveApprovals(
  tx: Queryable, id: string, state: PermitState, records: readonly ApprovalRecord[], comments: readonly Comment[], history = '[]',
): Promise<void> {
  await tx.query(
    'update permits set approvals = $2, approval_summary = $3, comments = $4, history = history || $5::jsonb where permit_instance_id = $1',
    [id, JSON.stringify(records), JSON.stringify(approvalsSummary(records, state)), JSON.stringify(comments), history],
  );
}
