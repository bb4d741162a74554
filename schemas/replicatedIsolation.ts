import Type from 'typebox';
import type { IsolationCertificate } from './isolations';

/** Every field of a certificate but its key. */
const CERTIFICATE_FIELDS = [
  'DateChanged', 'ReferenceId', 'SiteId', 'LocationId', 'Equipment', 'Description', 'State', 'Points', 'ZeroEnergyTest', 'Steps', 'Permits', 'CreatedBy',
] as const satisfies readonly (keyof IsolationCertificate)[];

/**
 * The replica's schema of a certificate: its key typed, the other fields named (the
 * replica refuses fields its schema does not name) as anything, and not required (a required
 * list is as long again). The replica's schemas are in
 * every device's first load (issue 13), and the server validates what it sends, so the rest is
 * stored as it comes, typed by IsolationCertificate. Apart from isolations.ts: a module the first
 * load imports brings along whatever of it any screen uses.
 */
export const ReplicatedIsolation = Type.Object({
  IsolationCertificateId: Type.String({ maxLength: 40 }),
  ...Object.fromEntries(CERTIFICATE_FIELDS.map((field) => [field, Type.Optional(Type.Unknown())])),
});
