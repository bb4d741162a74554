import type { Queryable } from '../db/database';
import type { ApprovalStep } from '../../domain/permits/definition';
import { FORM_LISTS } from './forms/common';
import { coldWork, confinedSpace, hotWork } from './forms/permitForms';

export const PERMIT_TYPES = [
  { Name: 'HotWork', Label: 'Hot Work' },
  { Name: 'ConfinedSpace', Label: 'Confined Space Entry' },
  { Name: 'ColdWork', Label: 'Cold Work' },
] as const;

/** Approvals (DESIGN.md §6): Confined Space is pre-approved by the area before gas testing; Safety signs entries; the area accepts every close-out. */
export const DEMO_APPROVALS: ApprovalStep[] = [
  { Name: 'AreaAuthorityPreApproval', Label: 'Area Authority pre-approval', Group: 'AreaAuthority', Order: 1, Phase: 'preApproval', Required: true, PermitTypes: ['ConfinedSpace'] },
  { Name: 'PermitIssuer', Label: 'Permit Issuer', Group: 'PermitIssuer', Order: 2, Phase: 'approval', Required: true },
  { Name: 'OperationsSupervisor', Label: 'Operations Supervisor', Group: 'OperationsSupervisor', Order: 3, Phase: 'approval', Required: true, PermitTypes: ['HotWork', 'ConfinedSpace'] },
  { Name: 'Safety', Label: 'Safety Representative', Group: 'Safety', Order: 4, Phase: 'approval', Required: true, PermitTypes: ['ConfinedSpace'] },
  { Name: 'CloseOutAcceptance', Label: 'Close-out accepted by the Area Authority', Group: 'AreaAuthority', Order: 10, Phase: 'closeOut', Required: true },
];

/** Display fields (domain/permits/derived.ts): same-named keys, then `field=path` for the others. */
const KEYS_LIST = ['workOrderNumber', 'assetNumber', 'assetDescription', 'permitIssuer', 'permitReceiver'];
const CUSTOM_FIELD_PATHS = ['workDescription=jobDescription', 'companyName=company', 'workDate=validFrom', 'validUntil=validTo', 'workLocation=workLocationDescription'];

export function definitionMetadata() {
  return {
    Approvals: DEMO_APPROVALS,
    KeysList: KEYS_LIST,
    CustomFieldPathList: CUSTOM_FIELD_PATHS,
    Forms: PERMIT_TYPES.map((t) => ({ ContentsPath: t.Name, Name: t.Name, PermitType: t.Name })),
  };
}

export const formsOf = (version: number) => ({ HotWork: hotWork(version), ConfinedSpace: confinedSpace(), ColdWork: coldWork() });

/** Versioned per location: Bayport's version 1 is superseded (copying its permits shows the stale-definition warning). */
export const DEMO_DEFINITIONS = [
  { id: 'bayport-permits-v1', locationId: 100, version: 1, daysAgo: 120, current: false },
  { id: 'bayport-permits-v2', locationId: 100, version: 2, daysAgo: 30, current: true },
  { id: 'northfield-permits-v1', locationId: 200, version: 2, daysAgo: 30, current: true },
  { id: 'urea-permits-v1', locationId: 210200, version: 2, daysAgo: 30, current: true },
] as const;

export interface Member {
  personnelId: number;
  name: string;
}

/** Who approves where: issuer and admin at Bayport (Safety is the admin's alone); the admin at Northfield. Contractors approve nothing. */
export function demoGroups(siteId: number, people: Record<'admin' | 'issuer', Member>) {
  const both = [people.issuer, people.admin];
  const members: Record<string, Member[]> =
    siteId === 1
      ? { PermitIssuer: both, AreaAuthority: both, OperationsSupervisor: both, Safety: [people.admin] }
      : { PermitIssuer: [people.admin], AreaAuthority: [people.admin], OperationsSupervisor: [people.admin], Safety: [people.admin] };
  return Object.entries(members).map(([Group, list]) => ({ Group, UserFormattedList: list.map((m) => ({ value: String(m.personnelId), label: m.name })) }));
}

/** Seeds the definitions and points each site's location metadata at its current one, with the lists and groups its forms use. */
export async function seedDemoDefinitions(tx: Queryable, people: Record<'admin' | 'issuer', Member>, now: Date): Promise<void> {
  for (const d of DEMO_DEFINITIONS) {
    await tx.query('insert into definitions (permit_definition_id, location_id, effective_date, metadata, s3_key, forms) values ($1, $2, $3, $4, $5, $6)', [
      d.id, d.locationId, new Date(now.getTime() - d.daysAgo * 86_400_000).toISOString(), JSON.stringify(definitionMetadata()),
      `definitions/${d.id}.json`, JSON.stringify(formsOf(d.version)),
    ]);
  }
  for (const d of DEMO_DEFINITIONS.filter((x) => x.current)) {
    const [location] = await tx.query<{ site_id: number }>('select site_id from locations where location_id = $1', [d.locationId]);
    const lists = Object.entries(FORM_LISTS).map(([FieldKey, items]) => ({ FieldKey, ListItems: items.map((v) => ({ Label: v, Value: v })) }));
    const initial = { UsersOfGroupList: demoGroups(location!.site_id, people), AvailablePermits: PERMIT_TYPES.map((t) => t.Name) };
    await tx.query(
      `update location_metadata set metadata = metadata || jsonb_build_object('PermitDefinitionId', $2::text, 'Lists', $3::jsonb, 'InitialPermitInstanceMetadata', $4::jsonb)
        where location_id = $1`,
      [d.locationId, d.id, JSON.stringify(lists), JSON.stringify(initial)],
    );
  }
}
