import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/db/database';
import type { TestServer } from './harness';

/** Builders of replicated rows, with overrides (the server's write paths for them come later). */
export interface PermitOverrides {
  id?: string;
  state?: string;
  locationId?: number;
  siteId?: number;
  /** An SQL interval before now, e.g. '20 days'. */
  createdAgo?: string;
  definitionId?: string;
  companyName?: string;
}

export async function buildPermit(db: Queryable, o: PermitOverrides = {}): Promise<string> {
  const id = o.id ?? randomUUID();
  const locationId = o.locationId ?? 111;
  await db.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, state, content, created_by, created_on,
                          site_id, location_id, company_name, work_location, permit_types)
     values ($1, $2, $3, $4, $5, 1001, now() - $6::interval, $7, $8, $9, $10, '[{"Name": "HotWork", "Label": "Hot Work"}]')`,
    [id, `HW-${id.slice(0, 6)}`, o.definitionId ?? 'hot-work-v1', o.state ?? 'PENDING', JSON.stringify({ HotWork: { jobDescription: 'Weld repair' } }),
      o.createdAgo ?? '1 hour', o.siteId ?? (locationId >= 200 ? 2 : 1), locationId, o.companyName ?? 'Gulf Coast Welding', `Location ${locationId}`],
  );
  return id;
}

export async function buildApprovals(db: Queryable, permitId: string): Promise<void> {
  const record = {
    PermitApprovalId: randomUUID(), ApprovalLabel: 'Area authority', ApprovalGroup: 'Operations', ApprovalName: 'AreaAuthority',
    ApprovalOrder: 1, ApprovalPath: 'approvals.areaAuthority', ApprovedByName: null, ApprovedByPersonnelId: null, ApprovalDate: null,
    IsApproved: false, IsApprovalRequired: true, Nature: 'Approval', NotificationRecipient: null,
  };
  await db.query(`update permits set approvals = $2, approval_summary = $3 where permit_instance_id = $1`, [
    permitId, JSON.stringify([record]), JSON.stringify({ RequiredApprovals: 1, MissingApprovals: 1, ApprovalNature: 'Approval' }),
  ]);
}

export async function buildDefinition(db: Queryable, id: string, locationId: number): Promise<void> {
  const metadata = { Approvals: [], KeysList: [], CustomFieldPathList: [], Forms: [{ ContentsPath: 'HotWork', Name: 'HotWork', PermitType: 'HotWork' }] };
  await db.query('insert into definitions (permit_definition_id, location_id, metadata) values ($1, $2, $3)', [id, locationId, JSON.stringify(metadata)]);
}

export async function buildWorkOrder(db: Queryable, o: { number?: string; siteId?: number; daysFromNow?: number } = {}): Promise<string> {
  const number = o.number ?? `T-${randomUUID().slice(0, 8)}`;
  await db.query(
    `insert into workorders (work_order_number, site_id, scheduled_start, description, status)
     values ($1, $2, now() + make_interval(days => $3), 'Test work order', '{REL}')`,
    [number, o.siteId ?? 1, o.daysFromNow ?? 0],
  );
  return number;
}

export async function buildDraft(db: Queryable, ownerPersonnelId: number, locationId = 111): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into drafts (permit_instance_id, owner_personnel_id, content, permit_definition_id, location_id, site_id)
     values ($1, $2, '{"HotWork": {}}', 'hot-work-v1', $3, $4)`,
    [id, ownerPersonnelId, locationId, locationId >= 200 ? 2 : 1],
  );
  return id;
}

export async function buildTemplate(db: Queryable, siteId: number): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into templates (permit_template_id, name, form_key, content, type, site_id, created_by)
     values ($1, 'Tank entry', 'ConfinedSpace', '{"ConfinedSpace": {}}', 'permit', $2, $3)`,
    [id, siteId, JSON.stringify({ PersonnelId: 1001, FirstName: 'Alex', LastName: 'Morgan', EmailAddress: 'admin@demo.test' })],
  );
  return id;
}

export async function personnelIdOf(db: Queryable, email: string): Promise<number> {
  const [row] = await db.query<{ personnel_id: number }>('select personnel_id from users where email = $1', [email]);
  return row!.personnel_id;
}

export type SyncDocument = Record<string, unknown> & { DateChanged: string; _deleted: boolean };

export interface Page {
  documents: SyncDocument[];
  checkpoint: { DateChanged: string; id: string; scope: string } | null;
  remaining: number;
  resync: boolean;
}

/** One GET /api/sync/{collection}; fails the test on anything but 200. */
export async function pullOnce(server: TestServer, token: string, collection: string, checkpoint: Page['checkpoint'] = null, limit = 100): Promise<Page> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  const response = await server.request({ method: 'GET', url: `/api/sync/${collection}?${query}`, token });
  if (response.statusCode !== 200) throw new Error(`pull ${collection}: ${response.statusCode} ${response.body}`);
  return response.json<Page>();
}

/** A replica of one collection: pulls pages until none is left, applying documents and tombstones. */
export class Replica {
  readonly docs = new Map<string, SyncDocument>();
  readonly received: SyncDocument[] = [];
  checkpoint: Page['checkpoint'] = null;

  constructor(
    private server: TestServer,
    private token: string,
    readonly collection: string,
    private primaryKey: string,
  ) {}

  async pull(limit = 100): Promise<Page[]> {
    const pages: Page[] = [];
    for (;;) {
      const page = await pullOnce(this.server, this.token, this.collection, this.checkpoint, limit);
      if (page.resync) throw new Error(`unexpected resync of ${this.collection}`);
      pages.push(page);
      for (const doc of page.documents) {
        this.received.push(doc);
        const id = String(doc[this.primaryKey]);
        if (doc._deleted) this.docs.delete(id);
        else this.docs.set(id, doc);
      }
      this.checkpoint = page.checkpoint;
      if (page.remaining === 0) return pages;
    }
  }
}
