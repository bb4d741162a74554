import type { Permission } from '../../schemas';

/** The demo company: two sites, a location tree three levels deep (SPEC §3 Location). */
export const DEMO_COMPANY = 'Demo Energy';

type Loc = [id: number, parent: number, site: number, title: string, enabled: boolean, permitting: boolean];
export const DEMO_LOCATIONS: Loc[] = [
  [100, 0, 1, 'Bayport Refinery', true, true],
  [110, 100, 1, 'Crude Unit', true, true],
  [111, 110, 1, 'Atmospheric Distillation', true, true],
  [112, 110, 1, 'Vacuum Distillation', true, true],
  [120, 100, 1, 'Hydrotreater Unit', true, true],
  [121, 120, 1, 'Reactor Section', true, true],
  [122, 120, 1, 'Compressor House', false, true],
  [130, 100, 1, 'Tank Farm', true, false],
  [131, 130, 1, 'Tank 31', true, false],
  [200, 0, 2, 'Northfield Chemicals', true, true],
  [210, 200, 2, 'Ammonia Plant', true, true],
  [211, 210, 2, 'Synthesis Loop', true, true],
  [210200, 200, 2, 'Urea Plant', true, true],
  [210210, 210200, 2, 'UREA/CO2 AREA', true, true],
];

const every = (locations: number[]): Permission[] =>
  ([82, 85, 87, 84, 83] as const).map((PermissionTypeId) => ({ PermissionTypeId, Locations: locations }));

export const DEMO_PASSWORD = 'Demo#2026';

export interface DemoUser {
  email: string;
  description: string;
  kind: 'employee' | 'external';
  firstName: string;
  lastName: string;
  siteId: number;
  homeLocationId: number;
  sysAdmin?: boolean;
  company?: string;
  permissions: Permission[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test', description: 'administrator, every ability at both sites (single sign-on)',
    kind: 'employee', firstName: 'Alex', lastName: 'Morgan', siteId: 1, homeLocationId: 100, sysAdmin: true,
    permissions: every([100, 200]),
  },
  {
    email: 'issuer@demo.test', description: 'permit issuer: view, edit, print, forms view at Bayport (single sign-on)',
    kind: 'employee', firstName: 'Priya', lastName: 'Raman', siteId: 1, homeLocationId: 110,
    permissions: [82, 85, 87, 84].map((PermissionTypeId) => ({ PermissionTypeId, Locations: [100] }) as Permission),
  },
  {
    email: 'viewer@demo.test', description: 'views permits at Bayport only (single sign-on)',
    kind: 'employee', firstName: 'Victor', lastName: 'Okafor', siteId: 1, homeLocationId: 110,
    permissions: [{ PermissionTypeId: 82, Locations: [100] }],
  },
  {
    email: 'contractor@demo.test', description: 'external contractor: views Bayport, edits and prints at Atmospheric Distillation',
    kind: 'external', firstName: 'Carlos', lastName: 'Mendes', siteId: 1, homeLocationId: 111, company: 'Gulf Coast Welding',
    permissions: [
      { PermissionTypeId: 82, Locations: [100] },
      { PermissionTypeId: 85, Locations: [111] },
      { PermissionTypeId: 87, Locations: [111] },
    ],
  },
  {
    email: 'nohome@demo.test', description: 'home location is disabled: must choose another (single sign-on)',
    kind: 'employee', firstName: 'Nora', lastName: 'Hale', siteId: 1, homeLocationId: 122,
    permissions: [{ PermissionTypeId: 82, Locations: [100] }],
  },
  {
    email: 'noaccess@demo.test', description: 'no permissions at all (single sign-on)',
    kind: 'employee', firstName: 'Noah', lastName: 'Park', siteId: 1, homeLocationId: 100,
    permissions: [],
  },
];

const WORK_ORDER_STATUSES = ['CRTD', 'REL', 'PLND', 'SCHED', 'INPROG', 'TECO', 'CLSD', 'Closed'];

/** Location metadata of each site; the Urea Plant has the gas-reading rule of location 210200 (SPEC §4). */
export function demoMetadata(gasReadingsEditableWhenApproved: boolean) {
  return {
    PermitDefinitionId: null,
    InitialPermitInstanceMetadata: {},
    Lists: [
      {
        FieldKey: 'Companies',
        ListItems: ['Gulf Coast Welding', 'Demo Energy Maintenance', 'Bayou Scaffolding', 'Allied Insulation'].map((c) => ({ Label: c, Value: c })),
      },
    ],
    WorkOrders: { AvailableStatuses: WORK_ORDER_STATUSES, ActiveStatuses: ['REL', 'PLND', 'SCHED', 'INPROG'] },
    UsesWorkOrders: true,
    PrintableStates: ['APPROVED', 'CLOSING', 'TIMEOUT', 'COMPLETED'],
    MergePdfs: false,
    CopyEnabled: true,
    GasReadingsEditableWhenApproved: gasReadingsEditableWhenApproved,
  };
}

export const DEMO_PRINTERS: [locationId: number, name: string, uri: string, color: boolean][] = [
  [100, 'Bayport Control Room', 'pdf-folder:bayport-control-room', true],
  [110, 'Crude Unit Office', 'pdf-folder:crude-unit-office', false],
  [200, 'Northfield Permit Office', 'pdf-folder:northfield-permit-office', true],
];

export const DEMO_SETTINGS: Record<string, unknown> = {
  companyName: DEMO_COMPANY,
  outagewarningbanner: {
    Title: 'Planned maintenance',
    Message: 'OpenPermit will be unavailable on Sunday from 02:00 to 04:00 UTC. Work you do offline then will sync afterwards.',
  },
  outagebanner: null,
  plotPlanEnabled: false,
  // The site map at Northfield only: the create page of Bayport's users keeps starting on Permit.
  siteFeatures: { 2: { plotPlanEnabled: true, workOrdersEnabled: true, copyEnabled: true } },
  workOrdersEnabled: true,
  copyEnabled: true,
  serviceDeskEmail: 'servicedesk@demo.test',
};
