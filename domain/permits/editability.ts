import type { PermitDefinition, PermitState } from '../../schemas';
import { formFields, type FieldClass, type FieldInfo, type FormComponent } from './fields';

/** What decides whether a field may change, besides its class. */
export interface EditContext {
  state: PermitState;
  /** permits.edit at the permit's location: non-editors get a read-only form (SPEC §4). */
  canEdit: boolean;
  /** The location's GasReadingsEditableWhenApproved (a setting, DESIGN.md §6). */
  gasReadingsEditableWhenApproved: boolean;
}

const OPEN_IN_APPROVED: ReadonlySet<FieldClass> = new Set(['closeOut', 'operational', 'submit', 'approvalToProceed', 'approvalRelief', 'approvedSignature']);

/**
 * SPEC §4 "Form editability by state": everything while DRAFT, PRE-APPROVAL or PENDING; in
 * APPROVED the close-out, operational data, submit, approval-to-proceed, approval-relief and the
 * signatures required then (and gas readings where the location allows); in TIMEOUT and
 * CLOSING only the close-out; nothing once REJECTED, COMPLETED or REVOKED.
 */
export function isEditable(fieldClass: FieldClass, context: EditContext): boolean {
  if (!context.canEdit) return false;
  switch (context.state) {
    case 'DRAFT':
    case 'PRE-APPROVAL':
    case 'PENDING':
      return true;
    case 'APPROVED':
      return OPEN_IN_APPROVED.has(fieldClass) || (fieldClass === 'gasReading' && context.gasReadingsEditableWhenApproved);
    case 'TIMEOUT':
    case 'CLOSING':
      return fieldClass === 'closeOut';
    default:
      return false;
  }
}

/** In APPROVED the signed paper copy and the receiver's and field operators' signatures become required (SPEC §4). */
export const isRequiredInState = (fieldClass: FieldClass, state: PermitState) => fieldClass === 'approvedSignature' && state === 'APPROVED';

/** The field classes of every field of a definition, by content path (`ContentsPath.key`). */
export function definitionFields(definition: Pick<PermitDefinition, 'Forms' | 'DefinitionMetadataJSON'>): Map<string, FieldInfo> {
  const byPath = new Map<string, FieldInfo>();
  for (const form of definition.DefinitionMetadataJSON.Forms) {
    for (const [key, info] of formFields(definition.Forms[form.Name] as { components?: FormComponent[] } | undefined)) {
      byPath.set(`${form.ContentsPath}.${key}`, info);
    }
  }
  return byPath;
}

/**
 * The changed fields that may not change in this context, with their labels: the server refuses
 * a content update naming them (DESIGN.md §5). A field the definition does not know is `general`.
 */
export function fieldsNotEditable(changed: readonly string[], fields: ReadonlyMap<string, FieldInfo>, context: EditContext): { path: string; label: string }[] {
  return changed
    .filter((path) => !isEditable(fields.get(path)?.fieldClass ?? 'general', context))
    .map((path) => ({ path, label: fields.get(path)?.label ?? path }));
}
