/** Documents as the server sends them, with overrides (STYLE.md §9). */
import type { Draft, OutboxEntry, Permit, SiteDataDocument, WorkOrder } from '../../schemas';


export function buildPermit(overrides: Partial<Permit> = {}): Permit {
  return {
    PermitInstanceId: 'p-1',
    PermitInstanceReferenceId: 'HW-0001',
    PermitDefinitionId: 'def-1',
    State: 'APPROVED',
    ContentJSON: {},
    ContentState: '',
    PermitInstanceMetadataJSON: { UsersOfGroupList: [], AvailablePermits: [] },
    CreatedBy: 7,
    CreatedOn: '2026-05-01T08:00:00.000000Z',
    DateChanged: '2026-05-01T08:00:00.000000Z',
    SiteId: 1,
    LocationId: 111,
    Latitude: null,
    Longitude: null,
    EffectiveDate: null,
    EndStateDescription: null,
    approvalRequired: true,
    permitTypes: [{ Name: 'HotWork', Label: 'Hot Work' }],
    assetNumber: 'A-1',
    assetDescription: 'Pump',
    workOrderNumber: 'WO-1',
    workDescription: [],
    companyName: 'Demo Energy',
    workDate: '2026-05-01',
    workLocation: 'Unit 1',
    permitIssuer: 'Priya Raman',
    permitReceiver: 'Carlos Mendes',
    ...overrides,
  };
}

export function buildWorkOrder(overrides: Partial<WorkOrder> = {}): WorkOrder {
  return {
    workOrderNumber: 'WO-1',
    workOrderDescription: 'Replace seal',
    workOrderStatus: ['REL'],
    assetNumber: 'A-1',
    assetDescription: 'Pump',
    orderType: 'PM01',
    plantCode: 'BP01',
    revisionNumber: '',
    equipmentNumber: 'E-1',
    scheduledStart: '2026-05-01T08:00:00.000000Z',
    siteId: 1,
    sourceSystem: 'SAP',
    workCenterName: 'Mechanical',
    operations: [],
    DateChanged: '2026-05-01T08:00:00.000000Z',
    ...overrides,
  };
}

export function buildDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    PermitInstanceId: 'd-1',
    PermitContent: {},
    ContentState: '',
    PermitDefinitionId: 'def-1',
    LocationId: 111,
    SiteId: 1,
    LastUpdatedOn: '2026-05-01T08:00:00.000000Z',
    DateChanged: '2026-05-01T08:00:00.000000Z',
    ...overrides,
  };
}

export function buildLocationDoc(id: number, overrides: Partial<SiteDataDocument> = {}): SiteDataDocument {
  return {
    id: `location:${id}`,
    type: 'location',
    data: { LocationId: id, ParentLocationId: 0, SiteId: 1, Title: `Location ${id}`, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null },
    DateChanged: '2026-05-01T08:00:00.000000Z',
    ...overrides,
  };
}

export function buildEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'e-1',
    owner: 'issuer@demo.test',
    seq: 1,
    method: 'POST',
    path: '/permitinstance/reject',
    label: 'Reject permit',
    createdAt: '2026-05-01T08:00:00.000Z',
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: 0,
    doneAt: null,
    effects: [],
    ...overrides,
  };
}
