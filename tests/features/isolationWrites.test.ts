import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { twoPersonRefusal } from '../../domain/isolations/lifecycle';
import type { ReplicaDatabase } from '../../replication/replica';
import type { CreateIsolationBody, IsolationCertificate } from '../../schemas';
import { isolations$ } from '../../src/features/isolations/isolationQueries';
import { createIsolation, editIsolation, linkPermit, stepCertificate, stepPoint, unlinkPermit, type IsolationWriter } from '../../src/features/isolations/isolationWrites';
import { openTestReplica } from '../replication/replica';

const OWNER = 'contractor@demo.test';
const body: CreateIsolationBody = {
  IsolationCertificateId: 'ic-1', LocationId: 111, Equipment: '10-P-102 Reflux pump', Description: '',
  Points: [
    { PointId: 'a', Tag: 'MCC-4-A1', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-1', TagNumber: 'DT-1', Remarks: '' },
    { PointId: 'b', Tag: '10-XV-2001', Type: 'process', Method: 'valve closed and locked', LockNumber: 'L-2', TagNumber: 'DT-2', Remarks: '' },
  ],
};
const editor = (personnelId: number) => ({ personnelId, edit: true });

describe('isolation changes on the device', () => {
  let db: ReplicaDatabase;
  const writer = (personnelId: number, name: string): IsolationWriter => ({ db, owner: OWNER, personnelId, name });
  const current = async () => (await firstValueFrom(isolations$(db, OWNER)))[0]!;

  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(() => db.remove());

  it('shows a certificate made offline at once, "Pending..." until the server numbers it, with its steps laid over as they queue', async () => {
    await createIsolation(writer(1, 'Carlos Mendes'), body, 1);
    const made = await current();
    expect(made).toMatchObject({ pending: true, doc: { ReferenceId: 'Pending...', State: 'PLANNED', SiteId: 1 } });
    expect(made.doc.Points.every((p) => p.IsolatedBy === null)).toBe(true);

    for (const point of made.doc.Points) expect(await stepPoint(writer(1, 'Carlos Mendes'), 'apply', point, (await current()).doc, editor(1), [])).toBeNull();
    expect(await stepCertificate(writer(1, 'Carlos Mendes'), 'isolate', (await current()).doc, editor(1), [])).toBeNull();
    const isolated = (await current()).doc;
    expect(isolated.State).toBe('ISOLATED');
    expect(isolated.Points.map((p) => p.IsolatedBy?.Name)).toEqual(['Carlos Mendes', 'Carlos Mendes']);
    expect((await db.outbox.find().exec()).map((e) => e.path)).toEqual(['/isolations', '/isolations/point', '/isolations/point', '/isolations/step']);
  });

  it('refuses at once, queueing nothing: verifying a point one applied, marking VERIFIED early, de-isolating or unlinking under a live permit', async () => {
    await createIsolation(writer(1, 'Carlos Mendes'), body, 1);
    for (const point of (await current()).doc.Points) await stepPoint(writer(1, 'Carlos Mendes'), 'apply', point, (await current()).doc, editor(1), []);
    await stepCertificate(writer(1, 'Carlos Mendes'), 'isolate', (await current()).doc, editor(1), []);
    const queued = (await db.outbox.find().exec()).length;
    const isolated = (await current()).doc;

    expect(await stepPoint(writer(1, 'Carlos Mendes'), 'verify', isolated.Points[0]!, isolated, editor(1), [])).toBe(twoPersonRefusal('MCC-4-A1'));
    expect(await stepCertificate(writer(2, 'Priya Raman'), 'verify', isolated, editor(2), [])).toMatch(/^Verify every point before marking isolation certificate/);
    const live = { PermitInstanceId: 'p1', PermitInstanceReferenceId: 'HW-2026-000001', State: 'APPROVED' as const };
    const relied: IsolationCertificate = { ...isolated, State: 'DE-ISOLATION REQUESTED' };
    expect(await stepPoint(writer(2, 'Priya Raman'), 'remove', relied.Points[0]!, relied, editor(2), [live])).toMatch(/^Permit HW-2026-000001 \(APPROVED\) is still open/);
    expect(await unlinkPermit(writer(2, 'Priya Raman'), isolated, live)).toMatch(/cannot drop it/);
    expect((await db.outbox.find().exec()).length).toBe(queued);

    expect(await stepPoint(writer(2, 'Priya Raman'), 'verify', isolated.Points[0]!, isolated, editor(2), [])).toBeNull();
    expect((await current()).doc.Points[0]!.VerifiedBy?.Name).toBe('Priya Raman');
  });

  it('links a permit and shows the link at once; unlinks it while the permit was never approved', async () => {
    await createIsolation(writer(1, 'Carlos Mendes'), body, 1);
    const draft = { PermitInstanceId: 'p2', PermitInstanceReferenceId: 'HW-2026-000002', State: 'PENDING' as const };
    expect(await linkPermit(writer(1, 'Carlos Mendes'), (await current()).doc, draft)).toBeNull();
    expect((await current()).doc.Permits.map((p) => p.PermitInstanceReferenceId)).toEqual(['HW-2026-000002']);
    expect(await unlinkPermit(writer(1, 'Carlos Mendes'), (await current()).doc, draft)).toBeNull();
    expect((await current()).doc.Permits).toEqual([]);
  });

  it('changes the plan while PLANNED and no lock is on, shown at once; refuses once a point is applied', async () => {
    await createIsolation(writer(1, 'Carlos Mendes'), body, 1);
    const plan = { Equipment: '10-P-102A Reflux pump A', Description: 'Seal change', Points: [body.Points[1]!] };
    expect(await editIsolation(writer(1, 'Carlos Mendes'), (await current()).doc, editor(1), plan)).toBeNull();
    const edited = (await current()).doc;
    expect([edited.Equipment, edited.Description, edited.Points.map((p) => p.Tag)]).toEqual(['10-P-102A Reflux pump A', 'Seal change', ['10-XV-2001']]);
    const put = (await db.outbox.find().exec()).at(-1)!;
    expect([put.method, put.path, put.body]).toEqual(['PUT', '/isolations', { IsolationCertificateId: 'ic-1', ...plan }]);

    await stepPoint(writer(1, 'Carlos Mendes'), 'apply', edited.Points[0]!, edited, editor(1), []);
    const queued = (await db.outbox.find().exec()).length;
    expect(await editIsolation(writer(1, 'Carlos Mendes'), (await current()).doc, editor(1), plan)).toMatch(/the plan cannot change once a lock is on/);
    expect((await db.outbox.find().exec()).length).toBe(queued);
  });
});
