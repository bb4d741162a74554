/**
 * The Form.io renderer, loaded on first use (STACK.md: ~475 kB gzip, browser-only), with its own
 * styles and the theme that makes its Bootstrap markup look like Fluent UI.
 */
import '@formio/js/dist/formio.form.min.css';
import 'flatpickr/dist/flatpickr.min.css';
import './formioTheme.css';
import { makeComponentsAccessible } from './formioComponents';
import { makeTemplatesAccessible } from './formioTemplates';

/** The part of a Form.io Webform the screens use. */
export interface Webform {
  data: Record<string, unknown>;
  submission: { data: Record<string, unknown> };
  on(event: 'change', listener: (event: unknown, flags: unknown, modified?: boolean) => void): void;
  validate(data: unknown, flags: object): FormioError[];
  setPristine(pristine: boolean): void;
  getComponent(path: string): { element?: HTMLElement; focus?: () => void } | undefined;
  destroy(all?: boolean): void;
}

export interface FormioError {
  message: string;
  component?: { key?: string; label?: string };
  context?: { path?: string; label?: string };
}

interface FormioStatic {
  createForm(element: HTMLElement, form: object, options: object): Promise<Webform>;
}

export async function loadFormio(): Promise<FormioStatic> {
  // Some of Form.io's dependencies still read Node's `global`; in the browser that is globalThis.
  (globalThis as { global?: unknown }).global ??= globalThis;
  // Form.io fetches its date picker from a CDN unless `window.flatpickr` is there: offline and
  // under the server's Content-Security-Policy it must come from the app's own bundle.
  const { default: flatpickr } = await import('flatpickr');
  (globalThis as { flatpickr?: unknown }).flatpickr = flatpickr;
  // Likewise the time zones of its date fields: loaded here, Form.io takes them as loaded and fetches nothing.
  const [{ default: moment }, { default: zones }] = await Promise.all([import('moment-timezone'), import('moment-timezone/data/packed/latest.json')]);
  moment.tz.load(zones as unknown as Parameters<typeof moment.tz.load>[0]);
  (moment as unknown as { zonesLoaded: boolean }).zonesLoaded = true;
  const { Components, Formio, Templates, Utils } = await import('@formio/js/form');
  // The server's Content-Security-Policy forbids eval: Form.io interpolates labels and messages without it then.
  (Utils as unknown as { Evaluator: { noeval: boolean } }).Evaluator.noeval = true;
  // Form.io's markup where it breaks ARIA, patched before any form renders.
  makeTemplatesAccessible(Templates as unknown as Parameters<typeof makeTemplatesAccessible>[0]);
  makeComponentsAccessible((Components as unknown as { components: Parameters<typeof makeComponentsAccessible>[0] }).components);
  return Formio as unknown as FormioStatic;
}
