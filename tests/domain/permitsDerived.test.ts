import { describe, expect, it } from 'vitest';
import { approvalsSummary, approvalPath, groupsOf, initialApprovalRecords, isYourApprovalRequired } from '../../domain/permits/approvals';
import { approvalSteps } from '../../domain/permits/definition';
import { derivedFields } from '../../domain/permits/derived';
import { definitionMetadata, DEMO_APPROVALS } from '../../server/seed/definitions';

const groups = [
  { Group: 'PermitIssuer', UserFormattedList: [{ value: '1002', label: 'Priya Raman' }] },
  { Group: 'Safety', UserFormattedList: [{ value: '1001', label: 'Alex Morgan' }] },
];

describe('derived display fields (SPEC §3)', () => {
  const metadata = definitionMetadata();

  it('reads KeysList and CustomFieldPathList, per parent form for the work description, and names the issuer', () => {
    const content = {
      HotWork: { workOrderNumber: '0004000211', assetNumber: '10-F-101', assetDescription: 'Crude heater', jobDescription: 'Weld support', company: 'Gulf Coast Welding', validFrom: '2026-05-04T07:00:00.000Z', validTo: '2026-05-04T17:00:00.000Z', permitIssuer: '1002', permitReceiver: 'Carlos Mendes', workLocationDescription: 'Burner deck' },
      ColdWork: { jobDescription: 'Change filters' },
    };
    expect(derivedFields(content, metadata, { UsersOfGroupList: groups, AvailablePermits: [] }, 'Crude Unit')).toEqual({
      assetNumber: '10-F-101', assetDescription: 'Crude heater', workOrderNumber: '0004000211',
      workDescription: [{ parentForm: 'HotWork', workDescription: 'Weld support' }, { parentForm: 'ColdWork', workDescription: 'Change filters' }],
      companyName: 'Gulf Coast Welding', workDate: '2026-05-04', workLocation: 'Burner deck', permitIssuer: 'Priya Raman', permitReceiver: 'Carlos Mendes',
      validUntil: '2026-05-04T17:00:00.000Z',
    });
  });

  it('falls back to the location for the work location and to blanks elsewhere', () => {
    expect(derivedFields({}, metadata, { UsersOfGroupList: [], AvailablePermits: [] }, 'Tank 31')).toMatchObject({ workLocation: 'Tank 31', workDescription: [], permitIssuer: '', workDate: '' });
  });
});

describe('approvals: records, summary and "Your Approval Required"', () => {
  let n = 0;
  const records = initialApprovalRecords(approvalSteps({ Approvals: DEMO_APPROVALS }, ['ConfinedSpace']), () => `id${++n}`);

  it('gives a permit the steps of its type, in order, with the phase in ApprovalPath', () => {
    expect(records.map((r) => [r.ApprovalName, r.ApprovalPath])).toEqual([
      ['AreaAuthorityPreApproval', approvalPath('preApproval', 'AreaAuthorityPreApproval')],
      ['PermitIssuer', 'approval.PermitIssuer'], ['OperationsSupervisor', 'approval.OperationsSupervisor'], ['Safety', 'approval.Safety'],
      ['CloseOutAcceptance', 'closeOut.CloseOutAcceptance'],
    ]);
    expect(approvalSteps({ Approvals: DEMO_APPROVALS }, ['ColdWork']).map((s) => s.Name)).toEqual(['PermitIssuer', 'CloseOutAcceptance']);
  });

  it('counts the approvals that issue the permit, then those of the close-out; the nature is the latest decision', () => {
    expect(approvalsSummary(records, 'PENDING')).toEqual({ RequiredApprovals: 4, MissingApprovals: 4, ApprovalNature: '' });
    const decided = records.map((r, i) => (i < 2 ? { ...r, IsApproved: true, Nature: i === 0 ? 'Approval' : 'Review', ApprovalDate: `2026-05-0${i + 1}T00:00:00Z` } : r));
    expect(approvalsSummary(decided, 'PENDING')).toEqual({ RequiredApprovals: 4, MissingApprovals: 2, ApprovalNature: 'Review' });
    expect(approvalsSummary(decided, 'CLOSING')).toEqual({ RequiredApprovals: 1, MissingApprovals: 1, ApprovalNature: 'Review' });
  });

  it('flags a permit for a member of the group of a missing approval that is due', () => {
    const permit = (State: string) => ({ State, PermitInstanceMetadataJSON: { UsersOfGroupList: groups, AvailablePermits: [] } });
    const preApproved = records.map((r) => (r.ApprovalName === 'AreaAuthorityPreApproval' ? { ...r, IsApproved: true } : r));
    expect(groupsOf(1002, groups)).toEqual(new Set(['PermitIssuer']));
    expect(isYourApprovalRequired(permit('PENDING'), preApproved, 1002)).toBe(true);
    expect(isYourApprovalRequired(permit('PENDING'), preApproved, 1001)).toBe(true);
    expect(isYourApprovalRequired(permit('PENDING'), preApproved, 9999)).toBe(false);
    // Nothing is due in a DRAFT or an APPROVED permit, and in PRE-APPROVAL only the area's step.
    expect(isYourApprovalRequired(permit('APPROVED'), preApproved, 1002)).toBe(false);
    expect(isYourApprovalRequired(permit('PRE-APPROVAL'), records, 1002)).toBe(false);
  });
});
