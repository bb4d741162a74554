import { describe, expect, it } from 'vitest';
import { approvalBasis, approvalBasisRefusal, type CertificateRef } from '../../domain/isolations/approvalBasis';

const A: CertificateRef = { IsolationCertificateId: 'a', ReferenceId: 'IC-2026-000012' };
const B: CertificateRef = { IsolationCertificateId: 'b', ReferenceId: 'IC-2026-000013' };
const C: CertificateRef = { IsolationCertificateId: 'c', ReferenceId: 'IC-2026-000014' };
const UNKNOWN: CertificateRef = { IsolationCertificateId: 'offline-only', ReferenceId: null };
const permit = { PermitInstanceReferenceId: 'HW-2026-000123' };
const tail = ': it was not applied. Check the isolations the permit relies on now and approve it again if they are right.';

describe('an approval is applied only on the isolations the approver saw', () => {
  it.each<[string, CertificateRef[] | undefined, CertificateRef[], string | null]>([
    ['no basis sent (an older device): judged on the links as they are', undefined, [A], null],
    ['no basis sent and no links', undefined, [], null],
    ['saw none, names none', [], [], null],
    ['saw the one it names', [A], [A], null],
    ['saw the two it names, in another order', [B, A], [A, B], null],
    ['relied on one no longer named', [A], [], `This approval of permit HW-2026-000123 relied on isolation certificate IC-2026-000012, which the permit no longer names${tail}`],
    ['relied on two, one no longer named', [A, B], [B], `This approval of permit HW-2026-000123 relied on isolation certificate IC-2026-000012, which the permit no longer names${tail}`],
    ['relied on three, none named any more', [C, A, B], [], `This approval of permit HW-2026-000123 relied on isolation certificates IC-2026-000012, IC-2026-000013 and IC-2026-000014, which the permit no longer names${tail}`],
    ['saw none, one named since', [], [A], `This approval of permit HW-2026-000123 did not see isolation certificate IC-2026-000012, which the permit now names${tail}`],
    ['one swapped for another', [A], [B], `This approval of permit HW-2026-000123 relied on isolation certificate IC-2026-000012, which the permit no longer names, and did not see isolation certificate IC-2026-000013, which the permit now names${tail}`],
    ['relied on one the server has no record of', [UNKNOWN], [], `This approval of permit HW-2026-000123 relied on an isolation certificate the server has no record of, which the permit no longer names${tail}`],
    ['relied on a known one and an unknown one', [UNKNOWN, A], [], `This approval of permit HW-2026-000123 relied on isolation certificate IC-2026-000012 and an isolation certificate the server has no record of, which the permit no longer names${tail}`],
  ])('%s', (_, basis, linked, expected) => {
    expect(approvalBasisRefusal({ permit, basis, linked })).toBe(expected);
  });

  it('sends the ids the permit names on the device, each once, in one order', () => {
    expect(approvalBasis([B, A, B])).toEqual(['a', 'b']);
    expect(approvalBasis([])).toEqual([]);
  });
});
