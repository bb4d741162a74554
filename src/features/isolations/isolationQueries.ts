/**
 * Live replica reads of the isolation screens (DESIGN.md §4.1): the pulled certificates with the
 * user's own outbox changes laid over, so a certificate made offline opens at once.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import type { PermitFacts } from '../../../domain/isolations/interlock';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { IsolationCertificate, PermitState, ReplicatedPermit } from '../../../schemas';
import { permits$ } from '../permits/permitQueries';

/** Every certificate in the replica, newest first, with pending creations and changes laid over. */
export function isolations$(db: ReplicaDatabase, owner: string): Observable<Overlaid<IsolationCertificate>[]> {
  return combineLatest([db.isolations.find().$, overlayEntries$(db, owner), collectionState$(db, 'isolations')]).pipe(
    map(([docs, entries, state]) =>
      overlayPending({ collection: 'isolations', docs: docs.map((d) => d.toMutableJSON() as IsolationCertificate), entries, syncedAt: state.lastSyncedAt })
        .sort((a, b) => b.doc.CreatedBy.At.localeCompare(a.doc.CreatedBy.At)),
    ),
  );
}

/** The certificates and the permits as the user sees them, together: the interlock reads both. */
export function isolationsWithPermits$(db: ReplicaDatabase, owner: string): Observable<{ isolations: Overlaid<IsolationCertificate>[]; permits: Map<string, ReplicatedPermit> }> {
  return combineLatest([isolations$(db, owner), permits$(db, owner)]).pipe(
    map(([isolations, permits]) => ({ isolations, permits: new Map(permits.map(({ doc }) => [doc.PermitInstanceId, doc])) })),
  );
}

/**
 * The permits that name a certificate, as the interlock reads them: the replica's permit when it
 * holds it (its state moves with the permit's own pulls and the user's changes), else the state
 * the certificate last listed.
 */
export function linkedPermitFacts(certificate: IsolationCertificate, permits: ReadonlyMap<string, ReplicatedPermit>): (PermitFacts & { PermitInstanceId: string })[] {
  return certificate.Permits.map((link) => {
    const held = permits.get(link.PermitInstanceId);
    return {
      PermitInstanceId: link.PermitInstanceId,
      PermitInstanceReferenceId: held?.PermitInstanceReferenceId ?? link.PermitInstanceReferenceId,
      State: (held?.State as PermitState | undefined) ?? link.State,
    };
  });
}

/** The certificates a permit names. */
export const namedBy = (isolations: readonly Overlaid<IsolationCertificate>[], permitId: string) =>
  isolations.filter(({ doc }) => doc.Permits.some((p) => p.PermitInstanceId === permitId));
