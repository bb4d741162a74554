/**
 * Reads a sub-form's values the way its Form.io definition presents them: sections (panels)
 * in order, each field with its label and its value as a person reads it.
 */
export type Component = {
  type?: string;
  key?: string;
  label?: string;
  title?: string;
  input?: boolean;
  components?: Component[];
  columns?: { components?: Component[] }[];
  values?: { label: string; value: string }[];
  properties?: { userGroup?: string };
};

export type PrintedValue = { kind: 'text'; label: string; text: string } | { kind: 'signature'; label: string; dataUrl: string | null };
export interface PrintedSection {
  title: string;
  values: PrintedValue[];
}

type People = Map<string, string>;

function optionLabel(component: Component, value: unknown): string {
  const option = component.values?.find((v) => v.value === value);
  return option?.label ?? String(value);
}

const dateText = (value: string) => {
  const date = new Date(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(date.getTime()) ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : value;
};

function valueText(component: Component, value: unknown, people: People): string {
  if (value === undefined || value === null || value === '') return '';
  switch (component.type) {
    case 'checkbox':
      return value ? 'Yes' : 'No';
    case 'selectboxes':
      return Object.entries(value as Record<string, boolean>).filter(([, on]) => on).map(([key]) => optionLabel(component, key)).join(', ');
    case 'radio':
      return optionLabel(component, value);
    case 'select':
      return component.properties?.userGroup ? (people.get(String(value)) ?? String(value)) : optionLabel(component, value);
    case 'datetime':
      return dateText(String(value));
    case 'file':
      return Array.isArray(value) ? value.map((f) => (f as { originalName?: string; name?: string }).originalName ?? (f as { name?: string }).name ?? 'file').join(', ') : '';
    default:
      if (typeof value === 'object') return JSON.stringify(value);
      return typeof value === 'string' ? dateText(value) : String(value as number);
  }
}

/** Every input of a component tree with the section it belongs to. */
function walk(components: Component[], section: PrintedSection, sections: PrintedSection[], data: Record<string, unknown>, people: People): void {
  for (const c of components) {
    if (c.type === 'panel' || c.type === 'fieldset') {
      const inner: PrintedSection = { title: c.title ?? c.label ?? '', values: [] };
      sections.push(inner);
      walk(c.components ?? [], inner, sections, data, people);
    } else if (c.type === 'datagrid' || c.type === 'editgrid') {
      const rows = Array.isArray(data[c.key ?? '']) ? (data[c.key!] as Record<string, unknown>[]) : [];
      const columns = c.components ?? [];
      section.values.push({ kind: 'text', label: c.label ?? c.key ?? '', text: rows.length === 0 ? '' : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}` });
      rows.forEach((row, i) => {
        const cells = columns.map((col) => `${col.label ?? col.key}: ${valueText(col, row[col.key ?? ''], people) || '—'}`);
        section.values.push({ kind: 'text', label: `  ${i + 1}.`, text: cells.join('; ') });
      });
    } else if (c.type === 'columns') {
      for (const column of c.columns ?? []) walk(column.components ?? [], section, sections, data, people);
    } else if (c.components) {
      walk(c.components, section, sections, data, people);
    } else if (c.type === 'signature') {
      const value = data[c.key ?? ''];
      section.values.push({ kind: 'signature', label: c.label ?? c.key ?? '', dataUrl: typeof value === 'string' && value.startsWith('data:image/png') ? value : null });
    } else if (c.input && c.key && c.type !== 'button') {
      section.values.push({ kind: 'text', label: c.label ?? c.key, text: valueText(c, data[c.key], people) });
    }
  }
}

/** The sections of one sub-form with their values; fields outside any panel go under the form's own title. */
export function printedSections(form: { title?: string; components?: Component[] }, data: Record<string, unknown>, people: People): PrintedSection[] {
  const top: PrintedSection = { title: form.title ?? '', values: [] };
  const sections: PrintedSection[] = [top];
  walk(form.components ?? [], top, sections, data, people);
  return sections.filter((s) => s.values.length > 0);
}
