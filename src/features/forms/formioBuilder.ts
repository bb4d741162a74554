/**
 * The Form.io builder, loaded on first use: the renderer's loader (flatpickr, time zones, no eval)
 * plus the full @formio/js entry, which adds the builders to the same Formio (one package, so
 * one `window.Formio`, STACK.md).
 */
import '@formio/js/dist/formio.builder.min.css';
import './formioBuilder.css';
import { loadFormio } from '../permits/formio';

/** The part of a Form.io FormBuilder the page uses. */
export interface FormBuilder {
  form: { display?: string; components: Record<string, unknown>[] };
  on(event: 'change' | 'saveComponent' | 'deleteComponent', listener: () => void): void;
  destroy(all?: boolean): void;
}

interface BuilderStatic {
  builder(element: HTMLElement, form: object, options: object): Promise<{ instance?: FormBuilder } & FormBuilder>;
}

export async function loadBuilder(): Promise<BuilderStatic> {
  await loadFormio();
  const { Formio } = await import('@formio/js');
  return Formio as unknown as BuilderStatic;
}
