import Type from 'typebox';
import type { Handover } from './handover';

/** Every field of a handover but its key. */
const HANDOVER_FIELDS = [
  'SiteId', 'LocationId', 'Shift', 'Page', 'GeneralNotes', 'ItemNotes', 'SubmittedBy', 'Addenda', 'Acknowledgement', 'DateChanged',
] as const satisfies readonly (keyof Handover)[];

/**
 * The replica's schema of a handover, as ReplicatedIsolation: the key typed, the other fields
 * named and stored as they come (the server validates what it sends), so the first load, which
 * carries every replica schema, stays small.
 */
export const ReplicatedHandover = Type.Object({
  HandoverId: Type.String({ maxLength: 40 }),
  ...Object.fromEntries(HANDOVER_FIELDS.map((field) => [field, Type.Optional(Type.Unknown())])),
});
