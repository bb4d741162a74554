/**
 * The permit list's live read of the replica: every permit (with the user's pending changes laid
 * over, and its approval records); then, once per change of those or of the location titles, each
 * permit's search text and whether it waits for the user's approval, so a keystroke only compares
 * strings (issue 15: keystroke → list ≤ 50 ms).
 */
import { catchError, map, of, type Observable } from 'rxjs';
import { isYourApprovalRequired } from '../../../../domain/permits/approvals';
import { permitSearchText, type ListCandidate } from '../../../../domain/permits/permitFilter';
import type { Overlaid } from '../../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../../replication/replica';
import type { ReplicatedPermit } from '../../../../schemas';
import { permits$ } from '../permitQueries';

export interface ListItem extends ListCandidate {
  pending: boolean;
}

/** What the list reads from the replica, before the user's location titles and approvals apply. */
export interface ListRows {
  permits: Overlaid<ReplicatedPermit>[];
}

/**
 * The replica's permits, newest first, or 'failed' when the device's store
 * cannot be read. Apart from the location titles: the app's data (and its location tree) is
 * derived again whenever what the startup reads changes (site data, its sync state, the outbox),
 * and a new subscription would blank the list, and the filter box being typed in, until it answered.
 */
export function permitListRows$(db: ReplicaDatabase, owner: string): Observable<ListRows | 'failed'> {
  return permits$(db, owner).pipe(
    map((permits) => ({ permits })),
    catchError((error: unknown) => {
      console.error('The permit list could not read this device’s permits.', error);
      return of('failed' as const);
    }),
  );
}

/** The list's items, in the order of `rows`. */
export function listItems({ permits }: ListRows, personnelId: number, titleOf: (id: number) => string): ListItem[] {
  return permits.map(({ doc, pending }) => ({
    permit: doc,
    pending,
    text: permitSearchText(doc, titleOf(doc.LocationId)),
    yourApprovalRequired: isYourApprovalRequired(doc, doc.Approvals ?? [], personnelId),
  }));
}
