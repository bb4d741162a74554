/**
 * A Vite build plugin: each module of schemas/ reaches the browser as the plain JSON Schemas
 * and constants it exports, evaluated once at build time, instead of TypeBox calls run on
 * every start. TypeBox (~17 KB gzip) then stays out of the app, and building ~100 schemas is
 * no longer part of a cold start (issue 13). The types are untouched: tsc reads the sources.
 *
 * An exported function is emitted by its source text; it may use only the module's own exports
 * (which are top-level constants in the emitted module), and the build fails if it names
 * anything else, so a schema helper that would break in the browser is caught at build time.
 */
import { resolve, sep } from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
/** Words a one-line helper may use besides the module's exports. */
const ALLOWED = new Set(['name', 'value', 'as', 'readonly', 'string', 'includes', 'return', 'typeof', 'true', 'false', 'null', 'undefined']);

export function schemasAsData(root: string): Plugin {
  const dir = resolve(root, 'schemas') + sep;
  return {
    name: 'openpermit:schemas-as-data',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!id.startsWith(dir) || !id.endsWith('.ts') || id.endsWith(`${sep}index.ts`)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id);
      const names = new Set(Object.keys(module));
      const lines = Object.entries(module).map(([name, value]) => {
        if (typeof value !== 'function') return `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
        const source = value.toString();
        const params = new Set(source.slice(0, source.indexOf('=>')).match(IDENTIFIER) ?? []);
        const unknown = (source.match(IDENTIFIER) ?? []).filter((word) => !names.has(word) && !params.has(word) && !ALLOWED.has(word));
        if (unknown.length > 0) this.error(`${id}: the exported function ${name} uses ${unknown.join(', ')}; keep schema helpers to the module's own exports.`);
        return `export const ${name} = ${source};`;
      });
      return lines.join('\n');
    },
  };
}
