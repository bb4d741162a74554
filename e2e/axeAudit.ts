import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what the issue asks the app to meet. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Third-party markup the app cannot change, left out of the scan. Each entry is as narrow as
 * the markup allows; everything else on the same page is still scanned.
 */
const THIRD_PARTY = [
  // Fluent UI's focus manager (tabster) puts invisible focus sentinels around groups, menus and
  // dialogs: focusable on purpose, hidden from screen readers on purpose, and gone the moment they
  // receive focus (microsoft/tabster#288, a known false positive of aria-hidden-focus).
  '[data-tabster-dummy]',
  // A toast left by the step before a scan fades in or out as axe reads it (a 4.46:1 grey blended
  // mid-fade): a screen is scanned without its passing toasts.
  '.fui-Toast',
];

export interface Row {
  screen: string;
  /** The route pattern the screen belongs to, when it is a page of the router. */
  route?: string;
  serious: number;
  critical: number;
  rules: string;
}

/**
 * The run's results, one JSON line per scan, in the run's data folder (playwright.config.ts): a
 * failed test restarts the worker process, so what earlier tests scanned cannot live in memory.
 */
function resultsFile(): string {
  const dataDir = process.env.OPENPERMIT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('OPENPERMIT_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return join(dataDir, 'accessibility.jsonl');
}

export function scannedRows(): Row[] {
  let text = '';
  try {
    text = readFileSync(resultsFile(), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row);
}

/**
 * Scans the page as it is now (a dialog open, a menu open …) and fails the test, softly so the
 * remaining screens are still scanned, on any serious or critical violation. Each node's target
 * and the failure summary go in the message so the fix can be found without a rerun.
 */
export async function scan(page: Page, screen: string, route?: string): Promise<void> {
  // Fluent's dialogs and menus animate in; axe reads colours mid-fade as too faint. Waited for
  // until they end rather than for a fixed time: most screens have none running. Spinners never
  // end, and toasts (left out of the scan) run their time-out as an animation.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity || target?.closest('.fui-ToastContainer, .fui-Toast');
    }),
  );
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of THIRD_PARTY) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const count = (impact: string) => blocking.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  const row: Row = { screen, route, serious: count('serious'), critical: count('critical'), rules: blocking.map((v) => v.id).join(', ') };
  appendFileSync(resultsFile(), `${JSON.stringify(row)}\n`);
  const detail = blocking
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`)
    .join('\n');
  expect.soft(blocking, `${screen}: serious or critical violations\n${detail}`).toEqual([]);
}

/** The page/dialog × violations table of the run so far. */
export function printTable(): void {
  const rows = scannedRows();
  const width = Math.max(6, ...rows.map((r) => r.screen.length));
  const lines = [`${'Screen'.padEnd(width)}  serious  critical  rules`, ...rows.map((r) => `${r.screen.padEnd(width)}  ${String(r.serious).padStart(7)}  ${String(r.critical).padStart(8)}  ${r.rules}`)];
  console.log(`\nAccessibility (axe, ${TAGS.join(' ')}):\n${lines.join('\n')}\n`);
}
