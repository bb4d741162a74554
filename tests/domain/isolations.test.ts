import { describe, expect, it } from 'vitest';
import { ISOLATION_STATES, PERMIT_STATES, type IsolationPoint, type IsolationState, type PermitState, type StepStamp } from '../../schemas';
import { interlock, type InterlockCheck } from '../../domain/isolations/interlock';
import { decideEdit, decidePoint, decideStep, decideZeroEnergy, twoPersonRefusal, type CertificateState } from '../../domain/isolations/lifecycle';

const OPEN: PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT'];
const APPROVED_ONCE: PermitState[] = ['APPROVED', 'CLOSING', 'TIMEOUT', 'COMPLETED', 'REVOKED'];
const ACTIONS = ['approvePermit', 'linkPermit', 'unlinkPermit', 'removePoint', 'deisolate'] as const;
type Action = (typeof ACTIONS)[number];

/** What a site's isolation authority expects of each move, written out rather than derived from the code. */
function expectedAllowed(action: Action, certificate: IsolationState, permit: PermitState): boolean {
  switch (action) {
    case 'approvePermit':
      return certificate === 'VERIFIED';
    case 'linkPermit':
      return !APPROVED_ONCE.includes(permit) && ['PLANNED', 'ISOLATED', 'VERIFIED'].includes(certificate);
    case 'unlinkPermit':
      return !APPROVED_ONCE.includes(permit);
    case 'removePoint':
    case 'deisolate':
      return !OPEN.includes(permit);
  }
}

const cert = (State: IsolationState) => ({ ReferenceId: 'IC-2026-000101', State });
const permit = (State: PermitState) => ({ PermitInstanceReferenceId: 'HW-2026-000123', State });

function check(action: Action, certificate: IsolationState, permitState: PermitState): InterlockCheck {
  if (action === 'approvePermit') return { action, permit: permit(permitState), certificates: [cert(certificate)] };
  if (action === 'linkPermit' || action === 'unlinkPermit') return { action, permit: permit(permitState), certificate: cert(certificate) };
  return { action, certificate: cert(certificate), permits: [permit(permitState)] };
}

describe('the interlock between permits and isolation certificates', () => {
  const cases = ACTIONS.flatMap((action) => ISOLATION_STATES.flatMap((c) => PERMIT_STATES.map((p) => [action, c, p] as const)));

  it.each(cases)('%s with the certificate %s and the permit %s', (action, certificate, permitState) => {
    const refusal = interlock(check(action, certificate, permitState));
    expect(refusal === null).toBe(expectedAllowed(action, certificate, permitState));
    // A refusal names what blocks it by its reference.
    if (refusal) expect(refusal).toMatch(action === 'linkPermit' && !APPROVED_ONCE.includes(permitState) ? /IC-2026-000101/ : /HW-2026-000123/);
  });

  it('says which permit keeps an isolation in place, in words', () => {
    expect(interlock({ action: 'deisolate', certificate: cert('DE-ISOLATION REQUESTED'), permits: [permit('COMPLETED'), permit('APPROVED')] })).toBe(
      'Permit HW-2026-000123 (APPROVED) is still open and relies on this isolation: isolation certificate IC-2026-000101 cannot be de-isolated until it is completed, rejected or revoked.',
    );
    const two = [{ PermitInstanceReferenceId: 'HW-2026-000123', State: 'APPROVED' as const }, { PermitInstanceReferenceId: 'CS-2026-000124', State: 'PENDING' as const }];
    expect(interlock({ action: 'removePoint', certificate: cert('DE-ISOLATION REQUESTED'), permits: two })).toMatch(/^Permits HW-2026-000123 \(APPROVED\) and CS-2026-000124 \(PENDING\) are still open and rely on this isolation/);
  });

  it('names every certificate that is not yet verified when a permit is approved', () => {
    const refusal = interlock({ action: 'approvePermit', permit: permit('PENDING'), certificates: [cert('VERIFIED'), { ReferenceId: 'IC-2026-000102', State: 'ISOLATED' }, { ReferenceId: 'IC-2026-000103', State: 'PLANNED' }] });
    expect(refusal).toBe('Permit HW-2026-000123 cannot be approved: isolation certificates IC-2026-000102 (ISOLATED) and IC-2026-000103 (PLANNED) are not VERIFIED. Verify every isolation the permit relies on first.');
    expect(interlock({ action: 'approvePermit', permit: permit('PENDING'), certificates: [] })).toBeNull();
  });
});

const ALICE: StepStamp = { PersonnelId: 1, Name: 'Alice Operator', At: '2026-11-28T08:00:00.000000Z', DeviceAt: null };
const point = (over: Partial<IsolationPoint> = {}): IsolationPoint => ({
  PointId: 'p1', Tag: 'MCC-3-B12', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-17', TagNumber: 'T-4411', Remarks: '',
  IsolatedBy: null, VerifiedBy: null, RemovedBy: null, ...over,
});
const certificate = (State: IsolationState, points: IsolationPoint[], zero = false): CertificateState => ({
  ReferenceId: 'IC-2026-000101', State, Points: points, ZeroEnergyTest: zero ? { Result: 'No rotation on start', By: ALICE } : null,
});
const alice = { personnelId: 1, edit: true };
const bob = { personnelId: 2, edit: true };

describe('the two-person rule', () => {
  it('refuses the person who applied a point as its verifier, and lets another verify', () => {
    const applied = certificate('ISOLATED', [point({ IsolatedBy: ALICE })]);
    expect(decidePoint('verify', 'p1', applied, alice)).toEqual({ ok: false, status: 409, reason: twoPersonRefusal('MCC-3-B12') });
    expect(decidePoint('verify', 'p1', applied, bob)).toEqual({ ok: true, to: 'ISOLATED' });
  });
});

describe('the life of a certificate', () => {
  it('moves on only when every point had the step before', () => {
    expect(decideStep('isolate', certificate('PLANNED', [point()]), alice)).toMatchObject({ ok: false, reason: expect.stringMatching(/MCC-3-B12 is not applied yet/) });
    expect(decideStep('isolate', certificate('PLANNED', [point({ IsolatedBy: ALICE })]), alice)).toEqual({ ok: true, to: 'ISOLATED' });
    const verifiedPoints = [point({ IsolatedBy: ALICE, VerifiedBy: { ...ALICE, PersonnelId: 2 } })];
    expect(decideStep('verify', certificate('ISOLATED', verifiedPoints), alice)).toMatchObject({ ok: false, reason: expect.stringMatching(/zero-energy test/) });
    expect(decideStep('verify', certificate('ISOLATED', verifiedPoints, true), alice)).toEqual({ ok: true, to: 'VERIFIED' });
    expect(decideStep('requestDeisolation', certificate('VERIFIED', verifiedPoints, true), alice)).toEqual({ ok: true, to: 'DE-ISOLATION REQUESTED' });
    expect(decideStep('deisolate', certificate('DE-ISOLATION REQUESTED', verifiedPoints, true), alice)).toMatchObject({ ok: false, reason: expect.stringMatching(/still in place/) });
    expect(decideStep('deisolate', certificate('DE-ISOLATION REQUESTED', [{ ...verifiedPoints[0]!, RemovedBy: ALICE }], true), alice)).toEqual({ ok: true, to: 'DE-ISOLATED' });
  });

  it.each(ISOLATION_STATES)('from %s allows exactly the steps of its state', (state) => {
    const allowed: readonly string[] = { PLANNED: ['isolate', 'cancel'], ISOLATED: ['verify'], VERIFIED: ['requestDeisolation'], 'DE-ISOLATION REQUESTED': ['deisolate'], 'DE-ISOLATED': [], CANCELLED: [] }[state];
    const done = [point({ IsolatedBy: ALICE, VerifiedBy: { ...ALICE, PersonnelId: 2 }, RemovedBy: ALICE })];
    for (const step of ['isolate', 'verify', 'requestDeisolation', 'deisolate', 'cancel'] as const) {
      // A PLANNED certificate is cancelled before any lock is on.
      const points = state === 'PLANNED' && step === 'cancel' ? [point()] : done;
      expect(decideStep(step, certificate(state, points, true), alice).ok, step).toBe(allowed.includes(step));
    }
    expect(decideEdit(certificate(state, [point()]), alice).ok).toBe(state === 'PLANNED');
    expect(decideZeroEnergy(certificate(state, [point()]), alice).ok).toBe(state === 'ISOLATED');
    expect(decidePoint('apply', 'p1', certificate(state, [point()]), alice).ok).toBe(state === 'PLANNED');
    expect(decidePoint('verify', 'p1', certificate(state, [point({ IsolatedBy: ALICE })]), bob).ok).toBe(state === 'ISOLATED');
    expect(decidePoint('remove', 'p1', certificate(state, [point({ IsolatedBy: ALICE })]), bob).ok).toBe(state === 'DE-ISOLATION REQUESTED');
  });

  it('refuses a cancel while a lock is on, a change without permits.edit, and a point that is not on the certificate', () => {
    expect(decideStep('cancel', certificate('PLANNED', [point({ IsolatedBy: ALICE })]), alice)).toMatchObject({ ok: false, status: 409 });
    expect(decideStep('isolate', certificate('PLANNED', [point()]), { personnelId: 3, edit: false, locationTitle: 'Crude Unit' })).toEqual({
      ok: false, status: 403, reason: 'You do not have permission to change isolations at Crude Unit: it needs permits.edit there.',
    });
    expect(decidePoint('apply', 'nope', certificate('PLANNED', [point()]), alice)).toMatchObject({ ok: false, status: 400 });
    expect(decidePoint('apply', 'p1', certificate('PLANNED', [point({ IsolatedBy: ALICE })]), bob)).toMatchObject({ ok: false, reason: 'Point MCC-3-B12 was applied already by Alice Operator.' });
  });
});
