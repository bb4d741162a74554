/**
 * Bad inputs for a route, generated from its JSON Schema with fast-check: a value of roughly the
 * right shape, then broken in one of the ways a careless client, a proxy or an attacker breaks
 * it (wrong type, missing or extra field, huge, deep, NUL and odd unicode, bad dates and ids).
 */
import fc from 'fast-check';

type Schema = Record<string, unknown>;

const HUGE = 'x'.repeat(200_000);
const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1) });

/** Values no field of ours should accept as they are, or that probe parsers and SQL. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, NaN, '', ' ', '\u0000', 'a\u0000b', '\uD800', '💥'.repeat(50), 'ʼ; drop table permits; --',
    "' or '1'='1", '../../etc/passwd', '%00', '<script>alert(1)</script>', '2026-02-30', '9999-99-99T99:99:99Z', '0000-00-00', 'not-a-date',
    '00000000-0000-0000-0000-000000000000', '-1', '1e999', '0x10', HUGE, [], {}, [[[[]]]], deep(200), Array.from({ length: 5000 }, (_, i) => i),
    { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.object({ maxDepth: 3 }),
);

/** A plausible value for `schema` (TypeBox output: type, properties, items, anyOf, const, enum). */
export function plausible(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => plausible(s, depth + 1)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      return schema.format === 'email' ? fc.emailAddress() : fc.string({ maxLength: Number(schema.maxLength ?? 20) || 20 });
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -5), max: Number(schema.maximum ?? 1000) });
    case 'number':
      return fc.double({ noNaN: true, min: -1000, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items as Schema, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = plausible(sub, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** One way of breaking a plausible object: a field wrong, missing, or one too many. */
export function broken(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.keys((schema?.properties ?? {}) as object);
  const base = plausible(schema);
  const withField = (change: (value: Record<string, unknown>, field: string, bad: unknown) => void) =>
    fc.tuple(base, properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('field'), nasty).map(([value, field, bad]) => {
      const copy = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
      change(copy, field, bad);
      return copy;
    });
  return fc.oneof(
    withField((v, field, bad) => (v[field] = bad)),
    withField((v, field) => delete v[field]),
    withField((v, _field, bad) => (v[`unexpected${Object.keys(v).length}`] = bad)),
    nasty,
    base,
  );
}

/** A query string from an object (arrays repeat the key), as a client would write it. */
export function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return `?value=${encodeURIComponent(String(value))}`;
  const query = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    for (const item of [v].flat()) query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Fills a route's `:params` with broken values (path-encoded, so they reach the route). */
export function pathWith(url: string, bad: unknown[]): string {
  let i = 0;
  return url.replace(/:(\w+)/g, () => encodeURIComponent(String(bad[i++] ?? '')).slice(0, 3000) || '%20');
}
