import type { AuditFieldChange } from '../../schemas/audit';
import type { ContentJson } from '../../domain/permits/yContent';

/**
 * Longest text kept as a field's value: a signature or a photo is a data URL of tens of KB, and
 * the event travels with the permit to every device. Longer text keeps its start and its length.
 */
const MAX_TEXT = 500;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function kept(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}… (${value.length} characters)`;
  if (Array.isArray(value)) return value.map(kept);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, kept(v)]));
  return value;
}

/**
 * The fields a content edit changed, old → new, from the content before and after the merge:
 * `changed` lists the top-level fields (`form.key`, domain changedFields); inside an object field
 * (a container's values) each changed key is its own change, so a one-word edit in a panel does
 * not carry the whole panel. Arrays (grids, lists) are compared whole. null stands for absent.
 */
export function fieldChanges(before: ContentJson, after: ContentJson, changed: readonly string[]): AuditFieldChange[] {
  const changes: AuditFieldChange[] = [];
  for (const path of changed) {
    const dot = path.indexOf('.');
    const form = path.slice(0, dot);
    const key = path.slice(dot + 1);
    const a = (isPlainObject(before[form]) ? before[form] : {})[key];
    const b = (isPlainObject(after[form]) ? after[form] : {})[key];
    diff(form, key, a, b, changes);
  }
  return changes;
}

function diff(form: string, field: string, a: unknown, b: unknown, out: AuditFieldChange[]): void {
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) diff(form, `${field}.${key}`, a[key], b[key], out);
    }
    return;
  }
  out.push({ Form: form, Field: field, Old: kept(a), New: kept(b) });
}
