/**
 * Turns a definition's Form.io form into the one the renderer gets: select options from the
 * location's lists and the permit's approval groups (the seeded conventions, server/seed/forms),
 * fields the state does not let this user change disabled (SPEC §4), and no Form.io submit
 * button, because the page's own bar submits.
 */
import type { FieldClass, FormComponent } from '../../../domain/permits/fields';
import { FIELD_CLASSES } from '../../../domain/permits/fields';
import type { LocationMetadata, Permit } from '../../../schemas';

type Json = Record<string, unknown>;

export interface FormInputs {
  lists: LocationMetadata['Lists'];
  groups: Permit['PermitInstanceMetadataJSON']['UsersOfGroupList'];
  editable: (fieldClass: FieldClass) => boolean;
}

const classOf = (c: Json, inherited: FieldClass): FieldClass => {
  const own = (c.properties as Json | undefined)?.fieldClass;
  return (FIELD_CLASSES as readonly unknown[]).includes(own) ? (own as FieldClass) : inherited;
};

function prepare(component: Json, inherited: FieldClass, inputs: FormInputs): Json | null {
  if (component.type === 'button') return null;
  const fieldClass = classOf(component, inherited);
  const out: Json = { ...component };
  const properties = (component.properties ?? {}) as Json;
  if (typeof properties.listKey === 'string') {
    const list = inputs.lists.find((l) => l.FieldKey === properties.listKey)?.ListItems ?? [];
    out.data = { values: list.map((i) => ({ label: i.Label, value: i.Value })) };
  }
  if (typeof properties.userGroup === 'string') {
    const users = inputs.groups.find((g) => g.Group === properties.userGroup)?.UserFormattedList ?? [];
    out.data = { values: users.map((u) => ({ label: u.label, value: u.value })) };
  }
  if (component.input && !inputs.editable(fieldClass)) out.disabled = true;
  const children = (list: unknown) => (list as Json[]).flatMap((c) => prepare(c, fieldClass, inputs) ?? []);
  if (Array.isArray(component.components)) out.components = children(component.components);
  if (Array.isArray(component.columns)) out.columns = (component.columns as Json[]).map((col) => ({ ...col, components: children(col.components ?? []) }));
  if (Array.isArray(component.rows)) out.rows = (component.rows as Json[][]).map((row) => row.map((cell) => ({ ...cell, components: children(cell.components ?? []) })));
  return out;
}

export function prepareForm(form: unknown, inputs: FormInputs): Json {
  const source = (form ?? {}) as Json;
  return { ...source, components: ((source.components ?? []) as Json[]).flatMap((c) => prepare(c, 'general', inputs) ?? []) };
}

/** The title of the top-level panel each data key sits in: the error panel groups errors by it. */
export function sectionsOf(form: unknown): Map<string, string> {
  const sections = new Map<string, string>();
  const walk = (components: FormComponent[], section: string) => {
    for (const c of components as (FormComponent & { title?: string })[]) {
      const here = c.type === 'panel' ? (c.title ?? section) : section;
      if (c.key) sections.set(c.key, here);
      walk([...(c.components ?? []), ...(c.columns ?? []).flatMap((col) => col.components ?? [])], here);
    }
  };
  walk(((form ?? {}) as { components?: FormComponent[] }).components ?? [], 'Form');
  return sections;
}
