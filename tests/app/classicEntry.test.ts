import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicEntry } from '../../scripts/classicEntry';

/** A small app shaped like ours: an entry sharing a module with a lazy chunk, CommonJS in it (Rolldown's runtime), import.meta.url. */
const FILES = {
  'index.html': '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': `import { greet, counter } from './shared.js';
import legacy from './legacy.cjs';
export const here = new URL('x', import.meta.url).pathname;
globalThis.started = greet(legacy.name) + counter();
globalThis.openLazy = () => import('./lazy.js');`,
  'shared.js': 'let n = 0;\nexport const greet = (who) => `hello ${who}`;\nexport const counter = () => ++n;',
  'legacy.cjs': 'module.exports = { name: "cjs" };',
  'lazy.js': "import { greet, counter } from './shared.js';\nexport const lazyGreeting = greet('lazy') + counter();",
};

let dir: string;
let files: Map<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'classic-entry-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    // As vite.config.ts: the build's compressed copies are made before the plugin runs.
    plugins: [classicEntry(), compression({ algorithms: ['gzip'], threshold: 0, logLevel: 'silent' })],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      manifest: true,
      // As vite.config.ts: all the entry needs in one chunk, which the plugin requires.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
    },
  })) as Rolldown.RolldownOutput;
  files = new Map(result.output.map((file) => [file.fileName, file.type === 'chunk' ? file.code : file.fileName.endsWith('.gz') ? gunzipSync(file.source).toString() : String(file.source)]));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const find = (pattern: RegExp) => [...files.keys()].find((name) => pattern.test(name))!;

describe('classicEntry', () => {
  it('loads the entry as a deferred classic script', () => {
    const classic = find(/^assets\/entry-[\w-]{8}\.js$/);
    expect(files.get('index.html')).toContain(`<script defer src="/${classic}"></script>`);
    expect(files.get('index.html')).not.toContain('type="module"');
    expect(files.get(classic)).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    expect(files.get(classic)).not.toMatch(/\bimport\s*[{*]|\bexport\s*\{|import\.meta|__VITE_/);
  });

  it('runs the entry and publishes its exports for the lazy chunks', () => {
    const classic = find(/^assets\/entry-[\w-]{8}\.js$/);
    const context: Record<string, unknown> = {
      document: { currentScript: { src: 'https://app.test/assets/entry.js' }, createElement: () => ({}) },
      URL,
    };
    context.globalThis = context;
    runInNewContext(files.get(classic)!, context);
    expect(context.started).toBe('hello cjs1');
    const published = context.__openPermitEntry as Record<string, (...args: unknown[]) => unknown>;
    // The lazy chunk gets the entry's own module state (one copy), not a second one.
    const counter = Object.values(published).find((value) => typeof value === 'function' && value.toString().includes('++'))!;
    expect(counter()).toBe(2);
  });

  it('leaves a facade, named apart from a module build, that the lazy chunk imports', () => {
    const facade = find(/^assets\/index-exports-[\w-]+\.js$/);
    const lazy = find(/^assets\/lazy-[\w-]+\.js$/);
    expect(files.get(lazy)).toContain(`./${facade.split('/').at(-1)}`);
    expect(files.get(facade)).toMatch(/^const \{.*\}=globalThis\.__openPermitEntry;export\{.*\};\n$/);
  });

  it('compresses what it changed again: the server sends the compressed copy', () => {
    const facade = find(/^assets\/index-exports-[\w-]+\.js$/);
    const classic = find(/^assets\/entry-[\w-]{8}\.js$/);
    expect(files.get(`${facade}.gz`)).toBe(files.get(facade));
    expect(files.get(`${classic}.gz`)).toBe(files.get(classic));
  });
});
