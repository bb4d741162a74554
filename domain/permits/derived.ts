import type { Permit } from '../../schemas';
import type { DefinitionMetadata } from './definition';

/** The display fields derived from a permit's content (SPEC §3), plus its validity for the timeout job. */
export interface DerivedFields {
  assetNumber: string;
  assetDescription: string;
  workOrderNumber: string;
  workDescription: { parentForm: string; workDescription: string }[];
  companyName: string;
  workDate: string;
  workLocation: string;
  permitIssuer: string;
  permitReceiver: string;
  /** When the permit stops being valid (ISO), '' when the content does not say. */
  validUntil: string;
}

export const DERIVED_FIELDS = [
  'assetNumber', 'assetDescription', 'workOrderNumber', 'workDescription', 'companyName',
  'workDate', 'workLocation', 'permitIssuer', 'permitReceiver', 'validUntil',
] as const satisfies readonly (keyof DerivedFields)[];
type DerivedName = (typeof DERIVED_FIELDS)[number];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function at(form: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), form);
}

/**
 * Where each derived field is read in a sub-form: KeysList names derived fields stored under a
 * key of the same name (`workOrderNumber`); CustomFieldPathList maps the others as
 * `derivedField=path.in.subform` (`workDescription=jobDescription`). The first sub-form with a
 * value wins, except workDescription, kept per parent form.
 */
function pathsOf(metadata: Pick<DefinitionMetadata, 'KeysList' | 'CustomFieldPathList'>): Map<DerivedName, string> {
  const paths = new Map<DerivedName, string>();
  const known = (name: string): name is DerivedName => (DERIVED_FIELDS as readonly string[]).includes(name);
  for (const key of metadata.KeysList) if (known(key)) paths.set(key, key);
  for (const entry of metadata.CustomFieldPathList) {
    const [name, path] = entry.split('=');
    if (name && path && known(name)) paths.set(name, path);
  }
  return paths;
}

/** A personnel id chosen in a people picker shows as the person's name from the permit's group lists. */
function personName(value: string, groups: Permit['PermitInstanceMetadataJSON']['UsersOfGroupList']): string {
  for (const group of groups) {
    const found = group.UserFormattedList.find((u) => u.value === value);
    if (found) return found.label;
  }
  return value;
}

export function derivedFields(
  content: Record<string, unknown>,
  metadata: Pick<DefinitionMetadata, 'KeysList' | 'CustomFieldPathList' | 'Forms'>,
  permitMetadata: Permit['PermitInstanceMetadataJSON'],
  locationTitle: string,
): DerivedFields {
  const paths = pathsOf(metadata);
  const forms = metadata.Forms.map((f) => ({ name: f.Name, data: content[f.ContentsPath] }));
  const first = (name: DerivedName) => {
    const path = paths.get(name);
    return path ? (forms.map((f) => text(at(f.data, path))).find(Boolean) ?? '') : '';
  };
  const descriptionPath = paths.get('workDescription');
  return {
    assetNumber: first('assetNumber'),
    assetDescription: first('assetDescription'),
    workOrderNumber: first('workOrderNumber'),
    workDescription: descriptionPath
      ? forms.flatMap((f) => (text(at(f.data, descriptionPath)) ? [{ parentForm: f.name, workDescription: text(at(f.data, descriptionPath)) }] : []))
      : [],
    companyName: first('companyName'),
    workDate: first('workDate').slice(0, 10),
    workLocation: first('workLocation') || locationTitle,
    permitIssuer: personName(first('permitIssuer'), permitMetadata.UsersOfGroupList),
    permitReceiver: personName(first('permitReceiver'), permitMetadata.UsersOfGroupList),
    validUntil: first('validUntil'),
  };
}
