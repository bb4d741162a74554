import Type from 'typebox';
import type { PermitGasTests } from './gasTests';

/** Every field of a permit's gas tests but its key. */
const GAS_TESTS_FIELDS = ['SiteId', 'LocationId', 'Readings', 'Suspensions', 'Suspended', 'DateChanged'] as const satisfies readonly (keyof PermitGasTests)[];

/**
 * The replica's schema of a permit's gas tests, as ReplicatedIsolation: the key typed, the other
 * fields named and stored as they come (the server validates what it sends), so the first load,
 * which carries every replica schema, stays small.
 */
export const ReplicatedGasTests = Type.Object({
  PermitInstanceId: Type.String({ maxLength: 40 }),
  ...Object.fromEntries(GAS_TESTS_FIELDS.map((field) => [field, Type.Optional(Type.Unknown())])),
});
