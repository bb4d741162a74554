import type { IsolationPointBody } from '../schemas';
import { actionableRecords, duePhase } from '../domain/permits/approvals';
import { createCertificate } from '../server/isolations/create';
import { recordZeroEnergy, stepCertificate, stepPoint } from '../server/isolations/steps';
import { actOnApproval } from '../server/permits/approvalActions';
import { permitContext } from '../server/permits/context';
import { submitPermit } from '../server/permits/transitions';
import { findUserByEmail } from '../server/users/users';
import type { OwnServer } from './ownServer';

type Who = 'admin' | 'issuer' | 'contractor';

const person = async (server: OwnServer, who: Who) => (await findUserByEmail(server.db, `${who}@demo.test`))!;

/**
 * The contractor's demo draft submitted and given its first approval, as the demo's pending hot
 * work is: one approval from being issued. The pending permit itself is the first test's.
 */
export async function pendingPermitOnServer(server: OwnServer, id: string): Promise<void> {
  const [contractor, issuer] = [await person(server, 'contractor'), await person(server, 'issuer')];
  await server.db.transaction((tx) => submitPermit(tx, contractor, id, new Date()));
  await server.db.transaction(async (tx) => {
    const { approvals, permit, actor } = await permitContext(tx, issuer, id, false);
    const due = actionableRecords(approvals.Approvals, duePhase(permit.State));
    const record = due.find((r) => actor.groups.has(r.ApprovalGroup)) ?? due[0]!;
    await actOnApproval(tx, issuer, { PermitInstanceId: id, PermitApprovalId: record.PermitApprovalId, Action: 'Approval' }, new Date());
  });
}

/**
 * A certificate at Atmospheric Distillation brought to `until` through the server's own services
 * (the routes' code), before the devices sign in: the specs test what comes after, not again the
 * applying and verifying the first test does through the screens.
 */
export async function certificateOnServer(
  server: OwnServer,
  id: string,
  equipment: string,
  tags: readonly string[],
  until: 'ISOLATED' | 'VERIFIED',
  people: { applier: Who; verifier: Who } = { applier: 'admin', verifier: 'issuer' },
): Promise<string> {
  const [applier, verifier] = [await person(server, people.applier), await person(server, people.verifier)];
  const Points = tags.map((Tag, i) => ({ PointId: `p${i + 1}`, Tag, Type: 'process' as const, Method: 'valve closed and locked' as const, LockNumber: `L-7${i}`, TagNumber: '', Remarks: '' }));
  const { certificate } = await createCertificate(server.db, applier, { IsolationCertificateId: id, LocationId: 111, Equipment: equipment, Description: '', Points }, new Date());
  const point = (who: typeof applier, PointId: string, Action: IsolationPointBody['Action']) =>
    server.db.transaction((tx) => stepPoint(tx, who, { IsolationCertificateId: id, PointId, Action }, new Date()));
  for (const p of Points) await point(applier, p.PointId, 'apply');
  await server.db.transaction((tx) => stepCertificate(tx, applier, { IsolationCertificateId: id, Action: 'isolate' }, new Date()));
  if (until === 'VERIFIED') {
    for (const p of Points) await point(verifier, p.PointId, 'verify');
    await server.db.transaction((tx) => recordZeroEnergy(tx, verifier, { IsolationCertificateId: id, Result: 'Valves tried: no flow, 0 barg at the bleed.' }, new Date()));
    await server.db.transaction((tx) => stepCertificate(tx, verifier, { IsolationCertificateId: id, Action: 'verify' }, new Date()));
  }
  return certificate.ReferenceId;
}
