/**
 * The permit list's live read of the replica: every permit (with the user's pending changes laid
 * over), whether it waits for the user's approval, and its search text computed once per change
 * of the collection, so a keystroke only compares strings (issue 15: keystroke → list ≤ 50 ms).
 */
import { catchError, combineLatest, map, of, type Observable } from 'rxjs';
import { isYourApprovalRequired } from '../../../../domain/permits/approvals';
import { permitSearchText, type ListCandidate } from '../../../../domain/permits/permitFilter';
import type { Overlaid } from '../../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../../replication/replica';
import type { ApprovalRecord, Permit } from '../../../../schemas';
import { permits$ } from '../permitQueries';

export interface ListItem extends ListCandidate {
  pending: boolean;
}

const approvalRecords$ = (db: ReplicaDatabase): Observable<Map<string, ApprovalRecord[]>> =>
  db.approvals.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.PermitInstanceId, d.toMutableJSON().Approvals as ApprovalRecord[]]))));

/** The list's items, newest first, or 'failed' when the device's store cannot be read. */
export function permitListItems$(db: ReplicaDatabase, owner: string, personnelId: number, titleOf: (id: number) => string): Observable<ListItem[] | 'failed'> {
  return combineLatest([permits$(db, owner), approvalRecords$(db)]).pipe(
    map(([permits, approvals]) => permits.map((p: Overlaid<Permit>) => toItem(p, approvals, personnelId, titleOf))),
    catchError((error: unknown) => {
      console.error('The permit list could not read this device’s permits.', error);
      return of('failed' as const);
    }),
  );
}

function toItem({ doc, pending }: Overlaid<Permit>, approvals: Map<string, ApprovalRecord[]>, personnelId: number, titleOf: (id: number) => string): ListItem {
  return {
    permit: doc,
    pending,
    text: permitSearchText(doc, titleOf(doc.LocationId)),
    yourApprovalRequired: isYourApprovalRequired(doc, approvals.get(doc.PermitInstanceId) ?? [], personnelId),
  };
}
