import type { ApprovalRecord, PermitHistoryEvent, PermitState } from '../../schemas';

/** What a bench permit's history is made from: nothing random, so the seed's other values stay as they were. */
export interface BenchHistoryInput {
  id: string;
  state: PermitState;
  created: Date;
  /** The sub-form the content is under, and the work described in it. */
  form: string;
  work: string;
  /** Who made the permit: the receiver, a contractor. */
  receiver: string;
  records: readonly ApprovalRecord[];
  /** The rejection or revoke's reason. */
  reason: string | null;
}

const at = (created: Date, minutes: number) => new Date(created.getTime() + minutes * 60_000).toISOString();

/**
 * The events a permit in `state` would have gathered (issue 40), as the server appends them to
 * `permits.history`, so a sync's figures carry their weight: created, its work written (offline,
 * on the receiver's tablet), submitted, each approval, the way it ended, a print.
 */
export function benchHistory(p: BenchHistoryInput): PermitHistoryEvent[] {
  const contractor = { ActorId: 1004, ActorName: p.receiver.replace(/ \(.*\)$/, ''), ActorKind: 'contractor' as const };
  const supervisor = { ActorId: 1001, ActorName: 'Alex Morgan', ActorKind: 'employee' as const };
  const event = (minutes: number, who: Pick<PermitHistoryEvent, 'ActorId' | 'ActorName' | 'ActorKind'>, Action: string, Details: Record<string, unknown>, deviceMinutes?: number): PermitHistoryEvent => ({
    At: at(p.created, minutes), DeviceAt: deviceMinutes === undefined ? null : at(p.created, deviceMinutes), ...who, Action, Details,
  });
  const events = [
    event(0, contractor, 'permit.create', {}),
    event(25, contractor, 'permit.content', { via: 'yjs', Changes: [{ Form: p.form, Field: 'jobDescription', Old: null, New: p.work }] }, 5),
  ];
  if (p.state === 'DRAFT') return events;
  events.push(event(30, contractor, 'permit.submit', { from: 'DRAFT', to: p.state === 'PRE-APPROVAL' ? 'PRE-APPROVAL' : 'PENDING' }));
  for (const record of p.records.filter((r) => r.IsApproved)) {
    const who = { ActorId: record.ApprovedByPersonnelId, ActorName: record.ApprovedByName ?? '', ActorKind: 'employee' as const };
    events.push(event(60 + record.ApprovalOrder, who, 'permit.approval.approval', { PermitApprovalId: record.PermitApprovalId, ApprovalName: record.ApprovalName }));
  }
  const ended: Partial<Record<PermitState, [string, Record<string, unknown>]>> = {
    REJECTED: ['permit.reject', { from: 'PENDING', to: 'REJECTED', reason: p.reason }],
    REVOKED: ['permit.revoke', { from: 'APPROVED', to: 'REVOKED', reason: p.reason }],
    CLOSING: ['permit.closeout.submit', { from: 'APPROVED', to: 'CLOSING' }],
    COMPLETED: ['permit.closeout.submit', { from: 'APPROVED', to: 'CLOSING' }],
  };
  if (['APPROVED', 'CLOSING', 'TIMEOUT', 'COMPLETED', 'REVOKED'].includes(p.state)) events.push(event(90, contractor, 'permit.print', { PrinterId: 1, Result: 'OK', Merge: false }));
  const end = ended[p.state];
  if (end) events.push(event(120, p.state === 'REVOKED' || p.state === 'REJECTED' ? supervisor : contractor, ...end));
  if (p.state === 'TIMEOUT') events.push(event(600, { ActorId: null, ActorName: 'OpenPermit', ActorKind: 'system' }, 'permit.timeout', { from: 'APPROVED', to: 'TIMEOUT' }));
  return events;
}
