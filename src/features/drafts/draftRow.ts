import { derivedFields } from '../../../domain/permits/derived';
import type { Draft, PermitDefinition } from '../../../schemas';

const NO_PATHS = { KeysList: [], CustomFieldPathList: [], Forms: [] };

/**
 * The derived columns of a draft (SPEC §3), read where its definition says, as a permit's are;
 * the work description is listed per parent form when there are several.
 */
export function draftRow(draft: Draft, definition: PermitDefinition | undefined): { workDate: string; workOrderNumber: string; workDescription: string } {
  const derived = derivedFields(draft.PermitContent, definition?.DefinitionMetadataJSON ?? NO_PATHS, { UsersOfGroupList: [], AvailablePermits: [] }, '');
  const descriptions = derived.workDescription;
  return {
    workDate: derived.workDate,
    workOrderNumber: derived.workOrderNumber,
    workDescription: descriptions.map((d) => (descriptions.length > 1 ? `${d.parentForm}: ${d.workDescription}` : d.workDescription)).join(' · '),
  };
}
