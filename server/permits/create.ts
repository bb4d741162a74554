import type * as Y from 'yjs';
import type { Location, Permit, PermitDefinition } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { ancestorsAndSelf, type LocationTree } from '../../domain/locations';
import { initialApprovalRecords } from '../../domain/permits/approvals';
import { approvalSteps } from '../../domain/permits/definition';
import { permitMoveRefusal } from '../../domain/permits/workLocation';
import { docToJson } from '../../domain/permits/yContent';
import { historyAhead } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { locationMetadata } from '../locations/metadata';
import { granteeOf, type UserRecord } from '../users/users';
import { deriveFor, storeContent } from './contentStore';
import { saveApprovals } from './records';

/** The location a permit is made at: it must exist, take permits, and the user must be an editor there (SPEC §6). */
export function editableLocation(tree: LocationTree, user: UserRecord, locationId: number): Location {
  const location = tree.byId.get(locationId);
  if (!location) throw notFound(`There is no location with id ${locationId}.`);
  if (!abilitiesAt(granteeOf(user), tree, locationId).permits.edit) throw forbidden(`You do not have permission to create or edit permits at ${location.Title}.`);
  if (!location.EnabledFlag || !location.PermittingEnabled) throw conflict(`${location.Title} is not enabled for permits.`);
  return location;
}

/** A definition serves its own location and everything below it. */
export function requireDefinitionFor(tree: LocationTree, definition: PermitDefinition, location: Location): void {
  if (!ancestorsAndSelf(tree, location.LocationId).includes(definition.LocationId)) {
    throw badRequest(`Permit definition ${definition.PermitDefinitionId} is not one of ${location.Title}.`);
  }
}

/**
 * The location a permit moves to (PUT /permitinstance), by domain/permits/workLocation's rule —
 * the one the location picker uses — answered with the same statuses as a new permit's location.
 */
export function movableLocation(tree: LocationTree, user: UserRecord, locationId: number, definition: PermitDefinition): Location {
  const refusal = permitMoveRefusal(granteeOf(user), tree, locationId, definition.LocationId);
  const title = tree.byId.get(locationId)?.Title ?? '';
  switch (refusal) {
    case null:
      return tree.byId.get(locationId)!;
    case 'unknown':
      throw notFound(`There is no location with id ${locationId}.`);
    case 'forbidden':
      throw forbidden(`You do not have permission to create or edit permits at ${title}.`);
    case 'not-enabled':
      throw conflict(`${title} is not enabled for permits.`);
    case 'outside-definition':
      throw badRequest(`Permit definition ${definition.PermitDefinitionId} is not one of ${title}.`);
  }
}

/** HotWork → HW: the reference prefix of a permit type. */
const prefixOf = (permitType: string) => (permitType.match(/[A-Z]/g) ?? ['P']).join('').slice(0, 3);

export interface NewPermit {
  id: string;
  definition: PermitDefinition;
  location: Location;
  doc: Y.Doc;
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * Inserts a DRAFT permit with its reference, content, display fields and approvals document (one
 * record per step of the definition), and records it. The caller has checked who may.
 */
export async function insertPermit(tx: Queryable, user: UserRecord, permit: NewPermit, now: Date, auditDetail: Record<string, unknown> = {}): Promise<void> {
  const { definition, location } = permit;
  const content = docToJson(permit.doc);
  const forms = definition.DefinitionMetadataJSON.Forms.filter((f) => content[f.ContentsPath] !== undefined);
  if (forms.length === 0) {
    throw badRequest(`The content has none of the forms of this definition (${definition.DefinitionMetadataJSON.Forms.map((f) => f.ContentsPath).join(', ')}).`);
  }
  const permitTypes = forms.map((f) => ({ Name: f.PermitType, Label: String((definition.Forms[f.Name] as { title?: string } | undefined)?.title ?? f.Name) }));
  const initial: Partial<Permit['PermitInstanceMetadataJSON']> = (await locationMetadata(tx, location.LocationId))?.InitialPermitInstanceMetadata ?? {};
  const metadata: Permit['PermitInstanceMetadataJSON'] = { UsersOfGroupList: initial.UsersOfGroupList ?? [], AvailablePermits: initial.AvailablePermits ?? [] };
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(`select nextval('permit_reference')::int as n`);
  const reference = `${prefixOf(forms[0]!.PermitType)}-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
  await tx.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, metadata, created_by, created_on, site_id, location_id,
                          latitude, longitude, permit_types)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [permit.id, reference, definition.PermitDefinitionId, JSON.stringify(metadata), user.personnel_id, now.toISOString(), location.SiteId,
      location.LocationId, permit.latitude ?? null, permit.longitude ?? null, JSON.stringify(permitTypes)],
  );
  await storeContent(tx, permit.id, permit.doc, deriveFor(content, definition, metadata, location.Title));
  const records = initialApprovalRecords(approvalSteps(definition.DefinitionMetadataJSON, forms.map((f) => f.PermitType)), () => crypto.randomUUID());
  const history = historyAhead(tx, user, 'permit.create', { id: permit.id, locationId: location.LocationId }, {
    PermitInstanceId: permit.id, reference, definition: definition.PermitDefinitionId, ...auditDetail,
  });
  await saveApprovals(tx, permit.id, 'DRAFT', records, [], history);
}
