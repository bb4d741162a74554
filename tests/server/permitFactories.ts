import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startTestServer, type DatabaseKind, type TestServer } from './harness';

/** The real server over the full demo seed: its definitions, groups and a permit in every state. */
export const startPermitServer = (kind: DatabaseKind) => startTestServer(kind, {}, { permits: true });

export type Cast = Record<'admin' | 'issuer' | 'viewer' | 'contractor' | 'noaccess', string>;

export async function signInCast(server: TestServer): Promise<Cast> {
  return {
    admin: await server.employeeToken('admin@demo.test'),
    issuer: await server.employeeToken('issuer@demo.test'),
    viewer: await server.employeeToken('viewer@demo.test'),
    noaccess: await server.employeeToken('noaccess@demo.test'),
    contractor: await server.contractorToken('contractor@demo.test'),
  };
}

export type PermitType = 'HotWork' | 'ConfinedSpace' | 'ColdWork';

/** A filled-in sub-form, valid for the next 10 hours unless overridden. */
export function permitContent(type: PermitType, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date();
  return {
    [type]: {
      workOrderNumber: '0004000211', assetNumber: '10-F-101', assetDescription: 'Crude heater', workLocationDescription: 'Burner deck',
      jobDescription: 'Weld tube support at burner 4', company: 'Gulf Coast Welding', numberOfWorkers: 3,
      validFrom: start.toISOString(), validTo: new Date(start.getTime() + 10 * 3_600_000).toISOString(),
      hazards: { hot_surfaces: true }, permitReceiver: 'Carlos Mendes',
      gasTests: [{ time: start.toISOString(), O2: 20.9, LEL: 0, H2S: 0, CO: 1, tester: 'Grace Thompson' }],
      ...overrides,
    },
  };
}

export interface NewPermitOptions {
  type?: PermitType;
  locationId?: number;
  definitionId?: string;
  submit?: boolean;
  id?: string;
  content?: Record<string, unknown>;
}

export const createBody = (o: NewPermitOptions = {}) => {
  const locationId = o.locationId ?? 111;
  return {
    PermitInstanceId: o.id ?? randomUUID(),
    PermitDefinitionId: o.definitionId ?? (locationId >= 210200 ? 'urea-permits-v1' : locationId >= 200 ? 'northfield-permits-v1' : 'bayport-permits-v2'),
    LocationId: locationId,
    ContentJSON: JSON.stringify(o.content ?? permitContent(o.type ?? 'HotWork')),
    Submit: o.submit ?? true,
  };
};

/** POST /permitcontentofdef; fails the test unless created. */
export async function createPermit(server: TestServer, token: string, o: NewPermitOptions = {}): Promise<string> {
  const response = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token, payload: createBody(o) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ PermitInstance: { PermitInstanceId: string } }>().PermitInstance.PermitInstanceId;
}

export const post = (server: TestServer, token: string, url: string, payload: object) => server.request({ method: 'POST', url: `/api${url}`, token, payload });

export async function permitOf(server: TestServer, token: string, id: string) {
  const response = await server.request({ method: 'GET', url: `/api/permitinstance?PermitInstanceId=${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ State: string; PermitInstanceReferenceId: string; EffectiveDate: string | null; EndStateDescription: string | null; LocationId: number; DateChanged: string; ContentJSON: Record<string, Record<string, unknown>>; ContentState: string }>();
}

export interface ApprovalsDoc {
  Approvals: { PermitApprovalId: string; ApprovalName: string; ApprovalGroup: string; IsApproved: boolean; Nature: string; ApprovedByName: string | null }[];
  Summary: { RequiredApprovals: number; MissingApprovals: number; ApprovalNature: string };
  Comments: { Comment: string; CommentType: string }[];
}

export async function approvalsOf(server: TestServer, token: string, id: string): Promise<ApprovalsDoc> {
  const response = await server.request({ method: 'GET', url: `/api/permitinstancestatus?PermitInstanceId=${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApprovalsDoc>();
}

/** Acts on the approval record named `name`. */
export async function actOn(server: TestServer, token: string, id: string, name: string, Action = 'Approval', Comment?: string): Promise<LightMyRequestResponse> {
  const record = (await approvalsOf(server, token, id)).Approvals.find((a) => a.ApprovalName === name)!;
  return post(server, token, '/permitinstance/approval', { PermitInstanceId: id, PermitApprovalId: record.PermitApprovalId, Action, ...(Comment ? { Comment } : {}) });
}

/** Everything a refused request must leave as it was: the permit's row (its approvals included) and its audit trail. */
export async function footprint(server: TestServer, id: string) {
  const [permit] = await server.db.query(
    'select state, date_changed::text, content, content_state, location_id, end_state_description, approvals, approval_summary, comments from permits where permit_instance_id = $1',
    [id],
  );
  const [audit] = await server.db.query<{ n: number }>(`select count(*)::int as n from audit_log where detail ->> 'PermitInstanceId' = $1`, [id]);
  return { permit, audit: audit!.n };
}

/** Asserts the request is refused with `status` (and a message matching `message`) and changes nothing, audit trail included. */
export async function expectRefused(server: TestServer, id: string, request: () => Promise<LightMyRequestResponse>, status: number, message?: RegExp | string) {
  const before = await footprint(server, id);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(response.json().message).toMatch(message);
  expect(await footprint(server, id)).toEqual(before);
  return response;
}

export async function auditActions(server: TestServer, id: string): Promise<string[]> {
  const rows = await server.db.query<{ action: string }>(`select action from audit_log where detail ->> 'PermitInstanceId' = $1 order by id`, [id]);
  return rows.map((r) => r.action);
}
