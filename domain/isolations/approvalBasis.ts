/**
 * An approval is applied only on the isolations the approver saw (issue 36): a device offline
 * may queue a link and then an approval judged on it, and a de-isolation reaching the server
 * first gets the link refused; the approval, judged on its own, would then issue a permit that
 * names no certificate. So the approval carries the certificates the device judged it on, and
 * the server applies it only while the permit names exactly those.
 */

/** A certificate as the rule names it; ReferenceId null for one the server holds no record of. */
export interface CertificateRef {
  IsolationCertificateId: string;
  ReferenceId: string | null;
}

/** What the device sends with an approval: the ids of the certificates the permit names on the device, in one order. */
export const approvalBasis = (named: readonly { IsolationCertificateId: string }[]): string[] =>
  [...new Set(named.map((c) => c.IsolationCertificateId))].sort();

const listed = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
function named(refs: readonly CertificateRef[]): string {
  const known = refs.flatMap((r) => (r.ReferenceId ? [r.ReferenceId] : [])).sort();
  // One created offline that never reached the server has no reference to name it by.
  const unknown = refs.length - known.length;
  return listed([
    ...(known.length ? [`isolation ${known.length === 1 ? 'certificate' : 'certificates'} ${listed(known)}`] : []),
    ...(unknown ? [unknown === 1 ? 'an isolation certificate the server has no record of' : `${unknown} isolation certificates the server has no record of`] : []),
  ]);
}

/**
 * null when the approval may be applied: the certificates it relied on (`basis`) are the ones the
 * permit names now (`linked`); otherwise a sentence naming the certificates that differ. An
 * approval without a basis (a device from before this rule) is judged on the permit's links as
 * they are, as it always was: refusing it would strand every approval such a device has queued.
 */
export function approvalBasisRefusal(check: { permit: { PermitInstanceReferenceId: string }; basis: readonly CertificateRef[] | undefined; linked: readonly CertificateRef[] }): string | null {
  if (!check.basis) return null;
  const seen = new Set(check.basis.map((c) => c.IsolationCertificateId));
  const now = new Set(check.linked.map((c) => c.IsolationCertificateId));
  const dropped = check.basis.filter((c) => !now.has(c.IsolationCertificateId));
  const added = check.linked.filter((c) => !seen.has(c.IsolationCertificateId));
  if (dropped.length === 0 && added.length === 0) return null;
  const parts = [
    ...(dropped.length ? [`relied on ${named(dropped)}, which the permit no longer names`] : []),
    ...(added.length ? [`did not see ${named(added)}, which the permit now names`] : []),
  ];
  return `This approval of permit ${check.permit.PermitInstanceReferenceId} ${parts.join(', and ')}: it was not applied. Check the isolations the permit relies on now and approve it again if they are right.`;
}
