import { describe, expect, it } from 'vitest';
import { PERMIT_STATES, type ApprovalRecord, type PermitState } from '../../schemas';
import { initialApprovalRecords } from '../../domain/permits/approvals';
import type { ApprovalStep } from '../../domain/permits/definition';
import { decide, PERMIT_ACTIONS, type Actor, type PermitAction } from '../../domain/permits/lifecycle';

/** A confined-space permit: a pre-approval, two approvals, one close-out acceptance. */
const STEPS: ApprovalStep[] = [
  { Name: 'Pre', Label: 'Area pre-approval', Group: 'Area', Order: 1, Phase: 'preApproval', Required: true },
  { Name: 'Issuer', Label: 'Permit Issuer', Group: 'Area', Order: 2, Phase: 'approval', Required: true },
  { Name: 'Safety', Label: 'Safety', Group: 'Area', Order: 3, Phase: 'approval', Required: true },
  { Name: 'Close', Label: 'Close-out', Group: 'Area', Order: 10, Phase: 'closeOut', Required: true },
];
let n = 0;
const fresh = () => initialApprovalRecords(STEPS, () => `a${++n}`);
const approved = (records: ApprovalRecord[], names: string[]) => records.map((r) => (names.includes(r.ApprovalName) ? { ...r, IsApproved: true } : r));

/** The records a permit in each state has: everything due before it is approved. */
function recordsIn(state: PermitState): ApprovalRecord[] {
  if (state === 'DRAFT' || state === 'PRE-APPROVAL' || state === 'REJECTED') return fresh();
  if (state === 'PENDING') return approved(fresh(), ['Pre']);
  if (state === 'COMPLETED') return approved(fresh(), ['Pre', 'Issuer', 'Safety', 'Close']);
  return approved(fresh(), ['Pre', 'Issuer', 'Safety']);
}

/** The record an approval action targets in a state: the one due, or for a withdrawal one already approved in the due phase. */
function target(state: PermitState, action: PermitAction, records: ApprovalRecord[]): { records: ApprovalRecord[]; record?: ApprovalRecord } {
  const name = state === 'PRE-APPROVAL' ? 'Pre' : state === 'PENDING' ? 'Issuer' : state === 'CLOSING' ? 'Close' : 'Issuer';
  const list = action === 'discontinue' ? approved(records, [name]) : records;
  return { records: list, record: list.find((r) => r.ApprovalName === name) };
}

const ROLES: Record<string, Actor> = {
  none: { view: false, edit: false, groups: new Set() },
  viewer: { view: true, edit: false, groups: new Set() },
  editor: { view: true, edit: true, groups: new Set() },
  approver: { view: true, edit: false, groups: new Set(['Area']) },
  editorApprover: { view: true, edit: true, groups: new Set(['Area']) },
  system: { view: false, edit: false, groups: new Set(), system: true },
};
type Role = keyof typeof ROLES;

const EDITORS: Role[] = ['editor', 'editorApprover'];
const GROUP: Role[] = ['approver', 'editorApprover'];
const OPEN: PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'TIMEOUT', 'CLOSING'];

/** The expected table, written out by hand from SPEC §4 and DESIGN.md §6: states → resulting state, and who. */
const EXPECTED: Record<PermitAction, { roles: Role[]; to: Partial<Record<PermitState, PermitState | 'same'>> }> = {
  view: { roles: ['viewer', 'editor', 'approver', 'editorApprover'], to: Object.fromEntries(PERMIT_STATES.map((s) => [s, 'same'])) },
  editContent: { roles: EDITORS, to: Object.fromEntries(OPEN.map((s) => [s, 'same'])) },
  changeLocation: { roles: EDITORS, to: { DRAFT: 'same', 'PRE-APPROVAL': 'same', PENDING: 'same' } },
  submit: { roles: EDITORS, to: { DRAFT: 'PRE-APPROVAL', 'PRE-APPROVAL': 'same', PENDING: 'same', APPROVED: 'same' } },
  comment: { roles: EDITORS, to: Object.fromEntries(PERMIT_STATES.map((s) => [s, 'same'])) },
  copy: { roles: EDITORS, to: Object.fromEntries(PERMIT_STATES.filter((s) => s !== 'DRAFT').map((s) => [s, 'same'])) },
  approve: { roles: GROUP, to: { 'PRE-APPROVAL': 'PENDING', PENDING: 'same', CLOSING: 'COMPLETED' } },
  review: { roles: GROUP, to: { 'PRE-APPROVAL': 'same', PENDING: 'same', CLOSING: 'same' } },
  rejectApproval: { roles: ['editorApprover'], to: { 'PRE-APPROVAL': 'REJECTED', PENDING: 'REJECTED' } },
  discontinue: { roles: GROUP, to: { 'PRE-APPROVAL': 'same', PENDING: 'same', CLOSING: 'same' } },
  reject: { roles: EDITORS, to: { 'PRE-APPROVAL': 'REJECTED', PENDING: 'REJECTED' } },
  revoke: { roles: EDITORS, to: { APPROVED: 'REVOKED' } },
  submitCloseout: { roles: EDITORS, to: { APPROVED: 'CLOSING', TIMEOUT: 'CLOSING' } },
  timeout: { roles: ['system'], to: { APPROVED: 'TIMEOUT', CLOSING: 'TIMEOUT' } },
};

const cases = PERMIT_STATES.flatMap((state) => PERMIT_ACTIONS.flatMap((action) => Object.keys(ROLES).map((role) => [state, action, role] as const)));

describe('the permit transition table: every state × action × role', () => {
  it('covers all of them', () => expect(cases).toHaveLength(9 * 14 * 6));

  it.each(cases)('%s · %s · %s', (state, action, role) => {
    const { records, record } = target(state, action, recordsIn(state));
    const decision = decide(action, { State: state, Approvals: records, copyEnabled: true, LocationTitle: 'Crude Unit' }, ROLES[role]!, record, 'Because.');
    const expected = EXPECTED[action];
    const to = expected.to[state];
    const roleAllowed = expected.roles.includes(role);
    if (roleAllowed && to) {
      expect(decision).toEqual({ ok: true, to: to === 'same' ? state : to });
    } else if (!roleAllowed) {
      // Who is asking is judged first: a refusal never tells a stranger the permit's state.
      expect(decision).toMatchObject({ ok: false, status: 403 });
    } else {
      expect(decision).toMatchObject({ ok: false, status: 409, reason: expect.stringContaining(state) });
    }
  });
});

describe('the rules around the table', () => {
  const editor = ROLES.editorApprover!;
  const pending = approved(fresh(), ['Pre']);

  it('approvals go in ApprovalOrder: a later one is refused until the earlier is given', () => {
    const safety = pending.find((r) => r.ApprovalName === 'Safety');
    expect(decide('approve', { State: 'PENDING', Approvals: pending }, editor, safety)).toMatchObject({ ok: false, status: 409, reason: expect.stringMatching(/in order/) });
    const afterIssuer = approved(pending, ['Issuer']);
    expect(decide('approve', { State: 'PENDING', Approvals: afterIssuer }, editor, afterIssuer.find((r) => r.ApprovalName === 'Safety'))).toEqual({ ok: true, to: 'APPROVED' });
  });

  it('a member of another group is refused and named the group', () => {
    const other: Actor = { view: true, edit: true, groups: new Set(['Safety']) };
    expect(decide('approve', { State: 'PENDING', Approvals: pending }, other, pending[1])).toEqual({
      ok: false, status: 403, reason: 'Only a member of Area can act on the approval "Permit Issuer".',
    });
  });

  it('reject, revoke, a rejection and a withdrawal need a reason', () => {
    expect(decide('reject', { State: 'PENDING', Approvals: pending }, editor, undefined, '  ')).toMatchObject({ ok: false, status: 400 });
    expect(decide('revoke', { State: 'APPROVED', Approvals: pending }, editor)).toMatchObject({ ok: false, status: 400 });
    expect(decide('rejectApproval', { State: 'PENDING', Approvals: pending }, editor, pending[1])).toMatchObject({ ok: false, status: 400 });
  });

  it('copy needs CopyEnabled and the copy feature', () => {
    expect(decide('copy', { State: 'APPROVED', Approvals: [], copyEnabled: false }, editor)).toMatchObject({ ok: false, status: 409 });
  });

  it('a definition without pre-approval goes from DRAFT to PENDING, one without approvals to APPROVED; a close-out nobody accepts completes', () => {
    const noPre = fresh().filter((r) => r.ApprovalName !== 'Pre');
    expect(decide('submit', { State: 'DRAFT', Approvals: noPre }, editor)).toEqual({ ok: true, to: 'PENDING' });
    expect(decide('submit', { State: 'DRAFT', Approvals: [] }, editor)).toEqual({ ok: true, to: 'APPROVED' });
    expect(decide('submitCloseout', { State: 'APPROVED', Approvals: [] }, editor)).toEqual({ ok: true, to: 'COMPLETED' });
  });

  it('an unknown approval record is refused', () => {
    expect(decide('approve', { State: 'PENDING', Approvals: pending }, editor, undefined)).toMatchObject({ ok: false, status: 400 });
  });

  it('names the location in ability refusals', () => {
    expect(decide('revoke', { State: 'APPROVED', Approvals: [], LocationTitle: 'Tank 31' }, ROLES.viewer!, undefined, 'x')).toEqual({
      ok: false, status: 403, reason: 'You do not have permission to create or edit permits at Tank 31.',
    });
  });
});
