import type * as Y from 'yjs';
import { encodeStateAsUpdate } from 'yjs';
import type { Permit, PermitDefinition } from '../../schemas';
import { derivedFields, type DerivedFields } from '../../domain/permits/derived';
import { docToJson } from '../../domain/permits/yContent';
import type { Queryable } from '../db/database';

/** The display fields of a content, for a permit at a location. */
export const deriveFor = (
  content: Record<string, unknown>,
  definition: Pick<PermitDefinition, 'DefinitionMetadataJSON'>,
  permitMetadata: Permit['PermitInstanceMetadataJSON'],
  locationTitle: string,
): DerivedFields => derivedFields(content, definition.DefinitionMetadataJSON, permitMetadata, locationTitle);

/** An ISO timestamp the database can take, or null for anything else a form may hold. */
export const timestampOrNull = (value: string) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);

/**
 * Writes the Yjs state, the ContentJSON materialised from it and the derived display fields in
 * one update (the stamping trigger bumps DateChanged), with the history the change adds
 * (historyAhead). Returns the new DateChanged.
 */
export async function storeContent(tx: Queryable, id: string, doc: Y.Doc, derived: DerivedFields, history = '[]'): Promise<string> {
  const [row] = await tx.query<{ date_changed: string }>(
    `update permits set content = $2, content_state = $3, asset_number = $4, asset_description = $5, work_order_number = $6,
            work_description = $7, company_name = $8, work_date = $9, work_location = $10, permit_issuer = $11, permit_receiver = $12,
            valid_until = $13, history = history || $14::jsonb
      where permit_instance_id = $1 returning sync_text(date_changed) as date_changed`,
    [
      id, JSON.stringify(docToJson(doc)), encodeStateAsUpdate(doc), derived.assetNumber, derived.assetDescription, derived.workOrderNumber,
      JSON.stringify(derived.workDescription), derived.companyName, derived.workDate, derived.workLocation, derived.permitIssuer,
      derived.permitReceiver, timestampOrNull(derived.validUntil), history,
    ],
  );
  return row!.date_changed;
}
