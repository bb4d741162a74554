/**
 * A permit's gas tests as the device shows them: the pulled document with the user's own queued
 * readings, suspensions and resumes laid over (DESIGN.md §4.2). Readings are appended, never
 * replaced: a reading another device recorded meanwhile stays beside the user's own, so an offline
 * reading never hides one the pull brought. Pure, so it is tested as a table.
 */
import type { Overlaid } from '../../../replication/outboxOverlay';
import type { GasReading, GasStamp, GasSuspension, OutboxEntry, PermitGasTests } from '../../../schemas';

/** What one queued change does to a permit's gas tests: the effect's `fields`, as gasTestWrites.ts writes them. */
export type GasEffect = { Reading: GasReading } | { Suspension: GasSuspension } | { Resume: { ResumedBy: GasStamp; ResumeComment: string } };

/** A permit with no gas tests pulled yet: the document its first reading makes. */
export const noGasTests = (PermitInstanceId: string): PermitGasTests => ({
  PermitInstanceId, SiteId: 0, LocationId: 0, Readings: [], Suspensions: [], Suspended: false, DateChanged: '',
});

/** Waiting to be sent, or accepted but not yet in the pulled state (as outboxOverlay.ts counts it). */
const inEffect = (entry: OutboxEntry, syncedAt: number | null) =>
  entry.status === 'pending' || (entry.status === 'done' && entry.doneAt !== null && (syncedAt === null || entry.doneAt > syncedAt));

function apply(doc: PermitGasTests, effect: GasEffect): PermitGasTests {
  if ('Reading' in effect) {
    if (doc.Readings.some((r) => r.ReadingId === effect.Reading.ReadingId)) return doc;
    return { ...doc, Readings: [...doc.Readings, effect.Reading] };
  }
  const inForce = doc.Suspensions.findIndex((s) => s.ResumedBy === null);
  if ('Suspension' in effect) {
    // One suspension at a time, as on the server: work already stopped stays stopped for its first reason.
    if (inForce >= 0) return doc;
    return { ...doc, Suspensions: [...doc.Suspensions, effect.Suspension] };
  }
  if (inForce < 0) return doc;
  return { ...doc, Suspensions: doc.Suspensions.map((s, i) => (i === inForce ? { ...s, ...effect.Resume } : s)) };
}

/** Each permit's gas tests with the user's changes over them, by permit id; a permit the user recorded the first reading of is added. */
export function overlayGasTests(docs: readonly PermitGasTests[], entries: readonly OutboxEntry[], syncedAt: number | null): Map<string, Overlaid<PermitGasTests>> {
  const byId = new Map(docs.map((doc) => [doc.PermitInstanceId, { doc, pending: false }]));
  for (const entry of [...entries].filter((e) => inEffect(e, syncedAt)).sort((a, b) => a.seq - b.seq)) {
    for (const effect of entry.effects) {
      if (effect.collection !== 'gastests') continue;
      const slot = byId.get(effect.key) ?? { doc: noGasTests(effect.key), pending: false };
      const doc = apply(slot.doc, effect.fields as GasEffect);
      byId.set(effect.key, { doc: { ...doc, Suspended: doc.Suspensions.some((s) => s.ResumedBy === null) }, pending: slot.pending || entry.status === 'pending' });
    }
  }
  return byId;
}
