import type { HandoverPage, IsolationCertificate, PermitGasTests, PermitHistoryEvent } from '../../schemas';
import { handoverPage, type HandoverPermitFacts } from '../../domain/handover/page';
import { descendantsAndSelf } from '../../domain/locations';
import type { Shift } from '../../domain/handover/shifts';
import type { Queryable } from '../db/database';
import { GAS_TESTS_COLUMNS, presentGasTests, type GasTestsRow } from '../gasTests/records';
import { loadGasSettings } from '../gasTests/settings';
import { CERTIFICATE_COLUMNS, presentCertificate, type CertificateRow } from '../isolations/records';
import { loadLocationTree } from '../locations/locations';

/**
 * An area's handover page as the server's data reads at `now`: what a device builds from its
 * replica, built here for the demo's handovers. Permits are those open or changed since the shift
 * began, as a replica would hold them; SIMOPS clashes are the device's to add.
 */
export async function areaPageNow(tx: Queryable, locationId: number, shift: Shift, next: Shift, now: Date): Promise<HandoverPage> {
  const tree = await loadLocationTree(tx);
  const location = tree.byId.get(locationId)!;
  const locations = descendantsAndSelf(tree, locationId);
  const permits = await tx.query<{ document: Omit<HandoverPermitFacts, 'validUntil' | 'History'>; valid_until: string | null; history: PermitHistoryEvent[] }>(
    `select json_build_object('PermitInstanceId', p.permit_instance_id, 'PermitInstanceReferenceId', p.reference_id, 'State', p.state, 'LocationId', p.location_id,
                              'DateChanged', sync_text(p.date_changed), 'EndStateDescription', p.end_state_description, 'workDescription', p.work_description,
                              'permitReceiver', p.permit_receiver, 'workLocation', p.work_location, 'permitTypes', p.permit_types) as document,
            sync_text(p.valid_until) as valid_until, p.history
       from permits p
      where not p.deleted and p.location_id = any($1::int[]) and (p.state in ('PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT') or p.date_changed >= $2)`,
    [locations, shift.start.toISOString()],
  );
  const certificates = await tx.query<CertificateRow>(`select ${CERTIFICATE_COLUMNS} from isolation_certificates c where c.location_id = any($1::int[]) and not c.deleted`, [locations]);
  const gas = await tx.query<GasTestsRow>(`select ${GAS_TESTS_COLUMNS} from gas_tests g where g.location_id = any($1::int[]) and not g.deleted`, [locations]);
  return handoverPage({
    locationId, locationTitle: location.Title, locations, shift, next, now, timeZone: (await loadGasSettings(tx, location.SiteId)).TimeZone,
    permits: permits.map((p) => ({ ...p.document, validUntil: p.valid_until ?? '', History: p.history })),
    isolations: certificates.map(presentCertificate) as IsolationCertificate[],
    gasTests: { documents: gas.map(presentGasTests) as PermitGasTests[], settings: await loadGasSettings(tx, location.SiteId) },
  });
}
