/**
 * A form value as a history sentence quotes it. Form.io stores text, numbers, yes/no, a select's
 * value or {value, label}, a grid's rows and a signature's image: each is written so a person
 * can compare old and new, never a screenful of data.
 */

/** Longer texts are cut, the cut said; the whole value stays in the audit export. */
export const VALUE_MAX_CHARS = 120;

const cut = (text: string) => (text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS - 1)}…` : text);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'empty';
  if (typeof value === 'string') {
    // A drawn signature or an uploaded image inline: its bytes say nothing to a reader.
    if (value.startsWith('data:')) return 'a signature or image';
    return `"${cut(value)}"`;
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'empty';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return `"${cut(value.join(', '))}"`;
    // Rows inside a value that is not itself a grid's (gridText.ts words a grid's change row by row): their number.
    return plural(value.length, 'row');
  }
  if (typeof value === 'object') {
    const { label, value: inner } = value as { label?: unknown; value?: unknown };
    if (typeof label === 'string' && label !== '') return `"${cut(label)}"`;
    if (typeof inner === 'string' || typeof inner === 'number') return formatValue(inner);
    // Form.io's selectboxes: the boxes ticked.
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([, v]) => typeof v === 'boolean')) {
      const ticked = entries.filter(([, v]) => v).map(([k]) => k);
      return ticked.length ? `"${cut(ticked.join(', '))}"` : 'none ticked';
    }
    return cut(JSON.stringify(value));
  }
  return cut(String(value));
}
