/**
 * A grid's change (gas readings, entrants) row by row. The server records a grid as one field,
 * its rows before and after; "Gas tests from 2 rows to 3 rows" would hide the reading an
 * investigator looks for, so each row added, removed or changed gets its own line, cells named.
 */
import type { FormComponent } from '../permits/fields';
import { formatValue } from './valueText';

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether old and new are a grid's rows (absent or empty counts as no rows). */
export function isGridChange(old: unknown, next: unknown): boolean {
  const rows = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.every(isRow));
  return rows(old) && rows(next) && [old, next].some((v) => Array.isArray(v) && v.length > 0);
}

/** A row's cells in words: `Tester "Priya Raman", O2 % "20.9"`. */
const cells = (row: Row, label: (key: string) => string) =>
  Object.entries(row)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${label(k)} ${formatValue(v)}`)
    .join(', ');

/** One line per row added, removed or changed, each starting with the grid's label. */
export function gridLines(field: string, old: unknown, next: unknown, label: (key: string) => string): string[] {
  const before = Array.isArray(old) ? (old as Row[]) : [];
  const after = Array.isArray(next) ? (next as Row[]) : [];
  const lines: string[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [a, b] = [before[i], after[i]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (a === undefined) lines.push(`${field}, row ${i + 1} added: ${cells(b!, label) || 'empty'}`);
    else if (b === undefined) lines.push(`${field}, row ${i + 1} removed: ${cells(a, label) || 'empty'}`);
    else {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
      lines.push(`${field}, row ${i + 1}: ${keys.map((k) => `${label(k)} from ${formatValue(a[k])} to ${formatValue(b[k])}`).join('; ')}`);
    }
  }
  return lines;
}

/**
 * Every component's label by its key, at any depth, under `{sub-form path}.`: the cells of a grid
 * and the fields of a container, which the top-level fields (definitionFields) do not reach.
 */
export function componentLabels(definition: { Forms: Record<string, unknown>; DefinitionMetadataJSON: { Forms: { ContentsPath: string; Name: string }[] } }): Map<string, string> {
  const labels = new Map<string, string>();
  for (const form of definition.DefinitionMetadataJSON.Forms) {
    // Defensive at every level: a form is an administrator's JSON, and `rows` is a table's rows
    // but a text area's height (a number).
    const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
    const walk = (components: unknown) => {
      for (const c of list<FormComponent>(components)) {
        if (typeof c !== 'object' || c === null) continue;
        if (typeof c.key === 'string' && typeof c.label === 'string' && c.label !== '' && !labels.has(`${form.ContentsPath}.${c.key}`)) {
          labels.set(`${form.ContentsPath}.${c.key}`, c.label);
        }
        walk(c.components);
        for (const column of list<{ components?: unknown }>(c.columns)) walk(column?.components);
        for (const row of list<unknown>(c.rows)) for (const cell of list<{ components?: unknown }>(row)) walk(cell?.components);
      }
    };
    walk((definition.Forms[form.Name] as { components?: unknown } | undefined)?.components);
  }
  return labels;
}
