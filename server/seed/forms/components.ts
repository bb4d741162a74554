import type { FieldClass } from '../../../domain/permits/fields';

/**
 * Builders of Form.io components for the seeded definitions. Conventions the app's renderer reads:
 * `properties.fieldClass` (SPEC §4 editability, domain/permits/fields.ts), `properties.listKey`
 * (a select's values come from the location metadata list of that FieldKey) and
 * `properties.userGroup` (a people picker over the permit's UsersOfGroupList of that group;
 * the value is the personnel id).
 */
export type Component = Record<string, unknown>;

interface Options {
  required?: boolean;
  fieldClass?: FieldClass;
  tooltip?: string;
  extra?: Component;
}

const base = (type: string, key: string, label: string, o: Options = {}): Component => ({
  type,
  key,
  label,
  input: true,
  tableView: true,
  ...(o.tooltip ? { tooltip: o.tooltip } : {}),
  validate: { required: o.required ?? false },
  ...(o.fieldClass ? { properties: { fieldClass: o.fieldClass } } : {}),
  ...o.extra,
});

export const textfield = (key: string, label: string, o?: Options) => base('textfield', key, label, o);
export const textarea = (key: string, label: string, o?: Options) => base('textarea', key, label, { ...o, extra: { rows: 3, ...o?.extra } });
export const checkbox = (key: string, label: string, o?: Options) => base('checkbox', key, label, o);
export const number = (key: string, label: string, min: number, max: number, o?: Options) =>
  ({ ...base('number', key, label, o), validate: { required: o?.required ?? false, min, max } });

export const datetime = (key: string, label: string, o?: Options) =>
  base('datetime', key, label, { ...o, extra: { format: 'yyyy-MM-dd HH:mm', enableTime: true, ...o?.extra } });

/** The value Form.io stores for an option label ('Toxic gas (H2S)' → 'toxic_gas_h2s'). */
export const optionValue = (label: string) => label.replace(/\W+/g, '_').replace(/^_+|_+$/g, '').toLowerCase();
const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: optionValue(v) }));

export const radio = (key: string, label: string, values: readonly string[], o?: Options) => base('radio', key, label, { ...o, extra: { values: options(values) } });
export const selectboxes = (key: string, label: string, values: readonly string[], o?: Options) =>
  base('selectboxes', key, label, { ...o, extra: { values: options(values) } });

/** A select whose values are the location's list `listKey` (SPEC §3 location metadata Lists). */
export const listSelect = (key: string, label: string, listKey: string, o?: Options) => {
  const component = base('select', key, label, { ...o, extra: { dataSrc: 'values', data: { values: [] }, ...o?.extra } });
  return { ...component, properties: { ...(component.properties as object), listKey } };
};

/** A people picker over the members of an approval group on this permit. */
export const personSelect = (key: string, label: string, userGroup: string, o?: Options) => {
  const component = base('select', key, label, { ...o, extra: { dataSrc: 'values', data: { values: [] } } });
  return { ...component, properties: { ...(component.properties as object), userGroup } };
};

export const signature = (key: string, label: string, o?: Options) =>
  base('signature', key, label, { ...o, extra: { footer: 'Sign above', width: '100%', height: '150px', tableView: false } });

/** An upload kept as a permit attachment (SPEC §7 attachments), not inside the content. */
export const upload = (key: string, label: string, o?: Options) =>
  base('file', key, label, { ...o, extra: { storage: 'url', url: '/api/permitattachment', multiple: false, filePattern: 'image/*,application/pdf', fileMaxSize: '20MB' } });

export const datagrid = (key: string, label: string, components: Component[], o?: Options) =>
  base('datagrid', key, label, { ...o, extra: { addAnother: 'Add row', reorder: false, components } });

export const panel = (key: string, title: string, components: Component[], fieldClass?: FieldClass): Component => ({
  type: 'panel',
  key,
  title,
  input: false,
  collapsible: true,
  components,
  ...(fieldClass ? { properties: { fieldClass } } : {}),
});

export const html = (key: string, content: string): Component => ({ type: 'htmlelement', key, tag: 'p', content, input: false });

export const submitButton = (): Component => ({
  type: 'button', key: 'submit', label: 'Submit', action: 'submit', input: true, theme: 'primary', disableOnInvalid: false, properties: { fieldClass: 'submit' },
});

/** A Form.io form document. */
export const form = (name: string, title: string, components: Component[]) => ({ name, path: name.toLowerCase(), title, display: 'form', type: 'form', components });
