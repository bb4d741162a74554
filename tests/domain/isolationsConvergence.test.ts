/**
 * Offline devices working one certificate and the permit relying on it, their queued changes
 * reaching the server in any order: the server, judging each with the domain's rules as the
 * routes do, never reaches an unsafe state, and whatever it refuses comes back with a sentence.
 * The permit names the certificate only once a device's link reaches the server; an approval
 * carries what its device believed the permit named then (its own queued links included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalBasisRefusal } from '../../domain/isolations/approvalBasis';
import { interlock } from '../../domain/isolations/interlock';
import { decidePoint, decideStep, decideZeroEnergy, type CertificateState, type IsolationDecision } from '../../domain/isolations/lifecycle';
import type { IsolationPoint, IsolationStepAction, PermitState, PointStepAction } from '../../schemas';

type Change =
  | { kind: 'point'; action: PointStepAction; pointId: 'p1' | 'p2'; by: number }
  | { kind: 'step'; action: IsolationStepAction; by: number }
  | { kind: 'zeroEnergy'; by: number }
  | { kind: 'permit'; to: 'APPROVED' | 'COMPLETED' | 'REVOKED'; basis?: boolean }
  | { kind: 'link' | 'unlink' };

const by = fc.constantFrom(1, 2, 3);
const noise: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('point' as const), action: fc.constantFrom<PointStepAction>('apply', 'verify', 'remove'), pointId: fc.constantFrom('p1' as const, 'p2' as const), by }),
  fc.record({ kind: fc.constant('step' as const), action: fc.constantFrom<IsolationStepAction>('isolate', 'verify', 'requestDeisolation', 'deisolate', 'cancel'), by }),
  fc.record({ kind: fc.constant('zeroEnergy' as const), by }),
  fc.record({ kind: fc.constant('permit' as const), to: fc.constantFrom('APPROVED' as const, 'COMPLETED' as const, 'REVOKED' as const) }),
  fc.record({ kind: fc.constantFrom('link' as const, 'unlink' as const) }),
);

/**
 * A certificate's whole life and its permit's, each step by anyone, with random changes among them:
 * without the script, random changes would seldom get past PLANNED.
 */
const life: fc.Arbitrary<Change[]> = fc.tuple(fc.array(by, { minLength: 12, maxLength: 12 }), fc.boolean()).map(([who, revoke]) => [
  { kind: 'point', action: 'apply', pointId: 'p1', by: who[0]! },
  { kind: 'point', action: 'apply', pointId: 'p2', by: who[1]! },
  { kind: 'step', action: 'isolate', by: who[2]! },
  { kind: 'zeroEnergy', by: who[3]! },
  { kind: 'point', action: 'verify', pointId: 'p1', by: who[4]! },
  { kind: 'point', action: 'verify', pointId: 'p2', by: who[5]! },
  { kind: 'step', action: 'verify', by: who[6]! },
  // The link queued before the approval: on one device, the approval is judged on it.
  { kind: 'link' },
  { kind: 'permit', to: 'APPROVED' },
  { kind: 'step', action: 'requestDeisolation', by: who[7]! },
  { kind: 'point', action: 'remove', pointId: 'p1', by: who[8]! },
  { kind: 'permit', to: revoke ? 'REVOKED' : 'COMPLETED' },
  { kind: 'point', action: 'remove', pointId: 'p2', by: who[9]! },
  { kind: 'point', action: 'remove', pointId: 'p1', by: who[10]! },
  { kind: 'step', action: 'deisolate', by: who[11]! },
]);

/**
 * What each approval relied on: whether its device believed the permit named the certificate,
 * from the permit as it was (naming none) and the device's own queued links and unlinks before it.
 */
function withBasis(queue: Change[]): Change[] {
  let named = false;
  return queue.map((c) => {
    if (c.kind === 'link' || c.kind === 'unlink') named = c.kind === 'link';
    return c.kind === 'permit' && c.to === 'APPROVED' ? { ...c, basis: named } : c;
  });
}

/** The life and the noise, dealt out to two or three devices, each keeping its own order. */
const queues: fc.Arbitrary<Change[][]> = fc
  .tuple(life, fc.array(noise, { maxLength: 10 }), fc.integer({ min: 2, max: 3 }), fc.array(fc.nat(), { minLength: 26, maxLength: 26 }))
  .map(([script, extra, devices, deal]) => {
    const out: Change[][] = Array.from({ length: devices }, () => []);
    [...script, ...extra].forEach((c, i) => out[deal[i % deal.length]! % devices]!.push(c));
    return out.map(withBasis);
  });

const point = (PointId: string, Tag: string): IsolationPoint => ({
  PointId, Tag, Type: 'electrical', Method: 'lock-off at MCC', LockNumber: '', TagNumber: '', Remarks: '', IsolatedBy: null, VerifiedBy: null, RemovedBy: null,
});
const stamp = (id: number) => ({ PersonnelId: id, Name: `Person ${id}`, At: '2026-11-28T10:00:00.000Z', DeviceAt: null });
const STAMP_OF = { apply: 'IsolatedBy', verify: 'VerifiedBy', remove: 'RemovedBy' } as const;

/** The server's copy: one certificate and a PENDING permit, which names it while `linked`. */
interface World {
  certificate: CertificateState & { Points: IsolationPoint[] };
  permit: { PermitInstanceReferenceId: string; State: PermitState };
  linked: boolean;
  /** Whether the approval that made the permit APPROVED relied on the certificate; null before. */
  approvedOn: boolean | null;
}

/**
 * One change as the routes judge it: the lifecycle, then the interlock; null when it is taken.
 * `checkBasis` false is the server before the approval carried its basis, to show the model finds that gap.
 */
function apply(world: World, c: Change, checkBasis = true): string | null {
  const { certificate, permit } = world;
  const relying = world.linked ? [permit] : [];
  const refused = (d: IsolationDecision) => (d.ok ? null : d.reason);
  const actor = (id: number) => ({ personnelId: id, edit: true });
  switch (c.kind) {
    case 'point': {
      const refusal = refused(decidePoint(c.action, c.pointId, certificate, actor(c.by)))
        ?? (c.action === 'remove' ? interlock({ action: 'removePoint', certificate, permits: relying }) : null);
      if (!refusal) certificate.Points = certificate.Points.map((p) => (p.PointId === c.pointId ? { ...p, [STAMP_OF[c.action]]: stamp(c.by) } : p));
      return refusal;
    }
    case 'step': {
      const decision = decideStep(c.action, certificate, actor(c.by));
      const refusal = refused(decision) ?? (c.action === 'deisolate' ? interlock({ action: 'deisolate', certificate, permits: relying }) : null);
      if (!refusal && decision.ok) certificate.State = decision.to;
      return refusal;
    }
    case 'zeroEnergy': {
      const refusal = refused(decideZeroEnergy(certificate, actor(c.by)));
      if (!refusal) certificate.ZeroEnergyTest = { Result: 'No rotation', By: stamp(c.by) };
      return refusal;
    }
    case 'permit': {
      // The permit's own workflow, reduced to what the interlock cares about: approved once, then closed.
      const from: PermitState = c.to === 'APPROVED' ? 'PENDING' : 'APPROVED';
      if (permit.State !== from) return `Permit ${permit.PermitInstanceReferenceId} is ${permit.State}.`;
      const ref = { IsolationCertificateId: 'ic-1', ReferenceId: certificate.ReferenceId };
      const basis = checkBasis ? approvalBasisRefusal({ permit, basis: c.basis ? [ref] : [], linked: world.linked ? [ref] : [] }) : null;
      const refusal = c.to === 'APPROVED' ? basis ?? interlock({ action: 'approvePermit', permit, certificates: world.linked ? [certificate] : [] }) : null;
      if (!refusal) permit.State = c.to;
      if (!refusal && c.to === 'APPROVED') world.approvedOn = c.basis ?? false;
      return refusal;
    }
    case 'link': {
      if (world.linked) return null; // naming it again changes nothing
      const refusal = interlock({ action: 'linkPermit', permit, certificate });
      if (!refusal) world.linked = true;
      return refusal;
    }
    case 'unlink': {
      if (!world.linked) return `Permit ${permit.PermitInstanceReferenceId} does not name isolation certificate ${certificate.ReferenceId}.`;
      const refusal = interlock({ action: 'unlinkPermit', permit, certificate });
      if (!refusal) world.linked = false;
      return refusal;
    }
  }
}

/** What must hold in every state the server reaches. */
function unsafe(world: World): string | null {
  const { certificate: c, permit } = world;
  if (world.approvedOn === true && !world.linked) return `permit ${permit.State} relying on ${c.ReferenceId}, which it does not name`;
  if (world.approvedOn === false && world.linked) return `permit ${permit.State} naming ${c.ReferenceId}, which its approver did not see`;
  const live = permit.State === 'APPROVED' && world.linked;
  if (live && c.State !== 'VERIFIED' && c.State !== 'DE-ISOLATION REQUESTED') return `permit APPROVED on a ${c.State} certificate`;
  if (live && c.Points.some((p) => !p.IsolatedBy || !p.VerifiedBy || p.RemovedBy)) return 'permit APPROVED with a point not in place';
  if (c.Points.some((p) => p.VerifiedBy && p.VerifiedBy.PersonnelId === p.IsolatedBy?.PersonnelId)) return 'a point verified by the person who applied it';
  if (c.State === 'DE-ISOLATED' && c.Points.some((p) => !p.RemovedBy)) return 'DE-ISOLATED with a lock still on';
  if (c.State === 'CANCELLED' && c.Points.some((p) => p.IsolatedBy && !p.RemovedBy)) return 'CANCELLED with a lock nobody answers for';
  return null;
}

/** Runs every device's queue against the server in the schedule's interleaving; throws at the first unsafe state. */
function run(devices: Change[][], schedule: number[], reached: Set<string>, checkBasis = true, unsafeIn: (world: World) => string | null = unsafe) {
  const world: World = {
    certificate: { ReferenceId: 'IC-2026-000001', State: 'PLANNED', Points: [point('p1', 'MCC-1'), point('p2', 'XV-2')], ZeroEnergyTest: null },
    permit: { PermitInstanceReferenceId: 'HW-2026-000001', State: 'PENDING' },
    linked: false,
    approvedOn: null,
  };
  // Each device's queue drains in its own order; the devices interleave as the schedule says.
  const pending = devices.map((q) => [...q]);
  let turn = 0;
  while (pending.some((q) => q.length)) {
    const nonEmpty = pending.filter((q) => q.length);
    const next = nonEmpty[(schedule[turn++] ?? 0) % nonEmpty.length]!.shift()!;
    const refusal = apply(world, next, checkBasis);
    if (refusal !== null) expect(refusal).toMatch(/\w+ \w+ \w+/);
    const problem = unsafeIn(world);
    if (problem) throw new Error(`Unsafe: ${problem}`);
    reached.add(`permit ${world.permit.State}`).add(`certificate ${world.certificate.State}`);
    if (refusal?.startsWith('This approval') && next.kind === 'permit' && next.basis) reached.add('approval refused: relied on a certificate the permit does not name');
    if (world.approvedOn !== null) reached.add(`permit approved ${world.approvedOn ? 'on' : 'without'} the certificate`);
  }
}

describe('isolation certificates under offline devices', () => {
  it('stay safe whatever order the devices’ changes reach the server in, and every refusal says why', () => {
    const reached = new Set<string>();
    fc.assert(fc.property(queues, fc.array(fc.nat(), { maxLength: 40 }), (devices, schedule) => run(devices, schedule, reached)), { numRuns: 2000 });
    // Not a test of PLANNED alone: the runs went through the whole life, unsafe moves offered on the way.
    expect([...reached].sort()).toEqual(expect.arrayContaining([
      'certificate DE-ISOLATED', 'certificate VERIFIED', 'permit APPROVED', 'permit COMPLETED', 'permit REVOKED',
      'permit approved on the certificate', 'permit approved without the certificate', 'approval refused: relied on a certificate the permit does not name',
    ]));
  });

  it('finds the gap when the server judges an approval without the basis it was judged on: approved relying on a certificate it does not name', () => {
    // Only the gap of the README counts here: an approval queued behind a refused link.
    const gap = (world: World) => (unsafe(world)?.endsWith('which it does not name') ? unsafe(world) : null);
    const result = fc.check(fc.property(queues, fc.array(fc.nat(), { maxLength: 40 }), (devices, schedule) => run(devices, schedule, new Set(), false, gap)), { numRuns: 2000 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toBe('Error: Unsafe: permit APPROVED relying on IC-2026-000001, which it does not name');
  });
});
