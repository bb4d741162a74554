import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/db/database';

export interface SearchPermit {
  id?: string;
  reference?: string;
  state?: string;
  locationId?: number;
  createdOn?: string;
  workLocation?: string;
  permitIssuer?: string;
  permitReceiver?: string;
  assetNumber?: string;
  assetDescription?: string;
  workDescription?: string;
  workOrderNumber?: string;
  companyName?: string;
  permitType?: string;
  createdBy?: number;
}

/** A permit row as the search reads it, every display field given or blank (buildPermit of STYLE.md §9). */
export async function insertSearchPermit(db: Queryable, o: SearchPermit = {}): Promise<string> {
  const id = o.id ?? randomUUID();
  const locationId = o.locationId ?? 111;
  await db.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, state, created_by, created_on, site_id, location_id,
       permit_types, asset_number, asset_description, work_order_number, work_description, company_name, work_location, permit_issuer, permit_receiver)
     values ($1, $2, 'search-test', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id, o.reference ?? 'TBD', o.state ?? 'APPROVED', o.createdBy ?? 1, o.createdOn ?? new Date().toISOString(), locationId >= 200 ? 2 : 1, locationId,
      JSON.stringify([{ Name: o.permitType ?? 'HotWork', Label: o.permitType ?? 'Hot Work' }]), o.assetNumber ?? '', o.assetDescription ?? '',
      o.workOrderNumber ?? '', JSON.stringify(o.workDescription ? [{ parentForm: 'HotWork', workDescription: o.workDescription }] : []),
      o.companyName ?? '', o.workLocation ?? '', o.permitIssuer ?? '', o.permitReceiver ?? '',
    ],
  );
  return id;
}
