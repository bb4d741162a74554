/**
 * The entry chunk as a classic script, for V8's code cache (issue 13's offline cold start).
 *
 * Chromium keeps V8's code cache of a script served from the service worker's Cache Storage
 * beside it, made after the script's first run. For a module it is never consumed (Chromium
 * 156's trace of every start: the ~1 MB entry compiled from source again, and its cache
 * serialized again on the main thread); a classic script's is, on a background thread, and
 * nothing of the entry is compiled on later starts.
 *
 * So the build keeps its ES module chunks, and this plugin adds the entry and Rolldown's
 * runtime chunk it imports as one classic script, `index.html` loading that instead (deferred,
 * as a module would be). The entry's exports, which the lazy chunks import, are published on
 * `globalThis`; the entry's module file becomes a facade that re-exports them, so a lazy
 * chunk's `import … from './index-….js'` gets the one running copy of React, Fluent and the app.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** Where the classic entry leaves its exports for the facade module. */
const EXPORTS_KEY = '__openPermitEntry';

interface Binding {
  /** The name on the module's side (imported or exported name). */
  name: string;
  /** The name inside the code. */
  local: string;
}

type Node = { type: string; start: number; end: number } & Record<string, unknown>;
type Specifier = { local: { name: string }; imported?: { name: string }; exported?: { name: string } };

const nameOf = (node: { name?: string; value?: string }) => node.name ?? node.value ?? '';

/** The code's static imports and exports (Rolldown's minified ESM: one `import {…} from` per chunk, one `export {…}`), cut out of it. */
function splitModule(code: string, fileName: string) {
  const program = parseAst(code) as unknown as { body: Node[] };
  const imports = new Map<string, Binding[]>();
  const exports: Binding[] = [];
  const cuts: [number, number][] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      const source = nameOf(node.source as { value: string });
      const specifiers = node.specifiers as (Specifier & { type: string })[];
      if (specifiers.some((s) => s.type !== 'ImportSpecifier')) throw new Error(`${fileName}: only named imports can be made classic (${source})`);
      imports.set(source, specifiers.map((s) => ({ name: nameOf(s.imported!), local: s.local.name })));
      cuts.push([node.start, node.end]);
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) {
      for (const s of node.specifiers as Specifier[]) exports.push({ name: nameOf(s.exported!), local: nameOf(s.local) });
      cuts.push([node.start, node.end]);
    } else if (node.type.startsWith('Export')) {
      throw new Error(`${fileName}: ${node.type} cannot be made classic`);
    }
  }
  let body = '';
  let at = 0;
  for (const [start, end] of cuts) {
    body += code.slice(at, start);
    at = end;
  }
  body += code.slice(at);
  return { imports, exports, body: body.replace(/\/\/# sourceMappingURL=\S+\s*$/, '') };
}

/** `{ a: b, … }` of the bindings, as an object literal (names exported) or a destructuring (names bound). */
const objectOf = (bindings: Binding[], key: 'name' | 'local', value: 'name' | 'local') =>
  `{${bindings.map((b) => `${JSON.stringify(b[key])}:${b[value]}`).join(',')}}`;

/**
 * `import.meta` has no meaning in a classic script: its URL is the script's own (captured while
 * it runs), and `import.meta.resolve` is left out (Rolldown's helper falls back to the URL).
 */
function withoutImportMeta(code: string, urlName: string, fileName: string): string {
  const out = code.replace(/import\.meta\.url\b/g, urlName).replace(/import\.meta\.resolve\b/g, 'void 0');
  if (out.includes('import.meta')) throw new Error(`${fileName}: import.meta used other than .url and .resolve`);
  return out;
}

function classicScript(entry: OutputChunk, runtime: OutputChunk | undefined): { code: string; facade: string } {
  const main = splitModule(entry.code, entry.fileName);
  const runtimeSource = runtime && `./${runtime.fileName.split('/').at(-1)}`;
  const others = [...main.imports.keys()].filter((source) => source !== runtimeSource);
  if (others.length > 0) throw new Error(`${entry.fileName} imports ${others.join(', ')} statically: only Rolldown's runtime can be inlined`);
  const url = '__entryUrl';
  // V8's explicit compile hint: compile every function now, on the streaming thread, so the code
  // cache made after the first run holds them all and later starts compile nothing (without it,
  // each function the start calls is compiled on the main thread, ~20% of its time).
  let code = `//# allFunctionsCalledOnLoad\n(()=>{const ${url}=document.currentScript.src;`;
  if (runtime) {
    // Its helpers hold no state: the lazy chunks' own copy of the module does no harm.
    const rt = splitModule(runtime.code, runtime.fileName);
    if (rt.imports.size > 0) throw new Error(`${runtime.fileName} imports other chunks`);
    code += `const ${objectOf(main.imports.get(runtimeSource!) ?? [], 'name', 'local')}=(()=>{${withoutImportMeta(rt.body, url, runtime.fileName)};return ${objectOf(rt.exports, 'name', 'local')}})();`;
  }
  code += `${withoutImportMeta(main.body, url, entry.fileName)};globalThis.${EXPORTS_KEY}=${objectOf(main.exports, 'name', 'local')}})();\n`;
  const locals = main.exports.map((b, i) => ({ ...b, local: `e${i}` }));
  const facade = `const ${objectOf(locals, 'name', 'local')}=globalThis.${EXPORTS_KEY};export{${locals.map((b) => `${b.local} as ${JSON.stringify(b.name)}`).join(',')}};\n`;
  return { code, facade };
}

/** The build's compressed copies (vite-plugin-compression2's, made before this plugin runs), made again for the files it changed. */
const COPIES: Record<string, (code: Buffer) => Buffer> = {
  br: (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gz: (code) => gzipSync(code, { level: 9 }),
};

export function classicEntry(): Plugin {
  return {
    name: 'openpermit:classic-entry',
    apply: 'build',
    enforce: 'post',
    // The facade is named apart from a full module build's entry: its hash is of the entry's
    // content, the same in both, and a browser holding that file as immutable must not take one
    // for the other.
    outputOptions: (options) => ({ ...options, entryFileNames: 'assets/[name]-exports-[hash].js' }),
    generateBundle: {
      // After Vite's own: its import analysis fills in the dynamic imports' preload lists then.
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const html = bundle['index.html'];
        if (!entry || !html || html.type !== 'asset') throw new Error('classicEntry: no entry chunk or index.html in the bundle');
        const runtime = entry.imports.length === 1 ? (bundle[entry.imports[0]!] as OutputChunk) : undefined;
        const { code, facade } = classicScript(entry, runtime);
        const fileName = `assets/entry-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        entry.code = facade;
        delete bundle[`${entry.fileName}.map`];
        for (const [ext, compress] of Object.entries(COPIES)) {
          if (!bundle[`${entry.fileName}.${ext}`]) continue;
          delete bundle[`${entry.fileName}.${ext}`];
          this.emitFile({ type: 'asset', fileName: `${entry.fileName}.${ext}`, source: compress(Buffer.from(facade)) });
          this.emitFile({ type: 'asset', fileName: `${fileName}.${ext}`, source: compress(Buffer.from(code)) });
        }
        const page = String(html.source);
        const moduleTag = new RegExp(`<script type="module" crossorigin src="/${entry.fileName}"></script>`);
        if (!moduleTag.test(page)) throw new Error(`classicEntry: index.html does not load ${entry.fileName}`);
        html.source = page.replace(moduleTag, `<script defer src="/${fileName}"></script>`);
      },
    },
  };
}
