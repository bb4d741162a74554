/**
 * The permit list's live read of the replica: every permit (with the user's pending changes laid
 * over) and the approval records; then, once per change of those or of the location titles, each
 * permit's search text and whether it waits for the user's approval, so a keystroke only compares
 * strings (issue 15: keystroke → list ≤ 50 ms).
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

/** What the list reads from the replica, before the user's location titles and approvals apply. */
export interface ListRows {
  permits: Overlaid<Permit>[];
  approvals: Map<string, ApprovalRecord[]>;
}

const approvalRecords$ = (db: ReplicaDatabase): Observable<Map<string, ApprovalRecord[]>> =>
  db.approvals.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.PermitInstanceId, d.toMutableJSON().Approvals as ApprovalRecord[]]))));

/**
 * The replica's permits, newest first, and their approvals, or 'failed' when the device's store
 * cannot be read. Apart from the location titles: the app's data (and its location tree) is
 * derived again whenever what the startup reads changes (site data, its sync state, the outbox),
 * and a new subscription would blank the list, and the filter box being typed in, until it answered.
 */
export function permitListRows$(db: ReplicaDatabase, owner: string): Observable<ListRows | 'failed'> {
  return combineLatest([permits$(db, owner), approvalRecords$(db)]).pipe(
    map(([permits, approvals]) => ({ permits, approvals })),
    catchError((error: unknown) => {
      console.error('The permit list could not read this device’s permits.', error);
      return of('failed' as const);
    }),
  );
}

/** The list's items, in the order of `rows`. */
export function listItems({ permits, approvals }: ListRows, personnelId: number, titleOf: (id: number) => string): ListItem[] {
  return permits.map(({ doc, pending }) => ({
    permit: doc,
    pending,
    text: permitSearchText(doc, titleOf(doc.LocationId)),
    yourApprovalRequired: isYourApprovalRequired(doc, approvals.get(doc.PermitInstanceId) ?? [], personnelId),
  }));
}
