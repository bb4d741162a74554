import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CreateIsolationBody, IsolationCertificate } from '../../schemas';
import type { TestServer } from './harness';
import { post } from './permitFactories';

/** A pump isolation of three points at Atmospheric Distillation (111), overridable. */
export const isolationBody = (overrides: Partial<CreateIsolationBody> = {}): CreateIsolationBody => ({
  IsolationCertificateId: randomUUID(),
  LocationId: 111,
  Equipment: '10-P-101 Crude charge pump',
  Description: 'Isolate the pump for a mechanical seal change',
  Points: [
    { PointId: 'p1', Tag: 'MCC-3-B12', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-017', TagNumber: 'T-4411', Remarks: 'Rack out the breaker' },
    { PointId: 'p2', Tag: '10-XV-1012', Type: 'process', Method: 'valve closed and locked', LockNumber: 'L-018', TagNumber: 'T-4412', Remarks: 'Suction' },
    { PointId: 'p3', Tag: '10-XV-1013', Type: 'process', Method: 'double block and bleed', LockNumber: 'L-019', TagNumber: 'T-4413', Remarks: 'Discharge' },
  ],
  ...overrides,
});

/** POST /isolations; fails the test unless created. */
export async function createCertificate(server: TestServer, token: string, overrides: Partial<CreateIsolationBody> = {}): Promise<IsolationCertificate> {
  const response = await post(server, token, '/isolations', isolationBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IsolationCertificate>();
}

/** Runs each request and fails the test on the first that is refused; answers the last certificate. */
export async function steps(server: TestServer, requests: [token: string, url: string, body: object][]): Promise<IsolationCertificate> {
  let last: IsolationCertificate | undefined;
  for (const [token, url, body] of requests) {
    const response = await post(server, token, url, body);
    expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(200);
    last = response.json<IsolationCertificate>();
  }
  return last!;
}

/** Applies every point as `applier`, isolates, verifies every point as `verifier`, records the zero-energy test and verifies. */
export function toVerified(server: TestServer, id: string, applier: string, verifier: string, points = ['p1', 'p2', 'p3']) {
  return steps(server, [
    ...points.map((p) => [applier, '/isolations/point', { IsolationCertificateId: id, PointId: p, Action: 'apply' }] as [string, string, object]),
    [applier, '/isolations/step', { IsolationCertificateId: id, Action: 'isolate' }],
    ...points.map((p) => [verifier, '/isolations/point', { IsolationCertificateId: id, PointId: p, Action: 'verify' }] as [string, string, object]),
    [verifier, '/isolations/zeroenergy', { IsolationCertificateId: id, Result: 'Start tried at the local station: no rotation. 0 V at the motor terminals.' }],
    [verifier, '/isolations/step', { IsolationCertificateId: id, Action: 'verify' }],
  ]);
}
