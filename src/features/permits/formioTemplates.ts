/**
 * Two of Form.io's templates patched where their markup breaks ARIA (axe, WCAG 2.1 A/AA), for
 * every form and the form builder: the radio and checkbox groups, and the signature's image.
 */

type Template = (ctx: TemplateContext) => string;

/** The part of what Form.io hands a template that the patches read. */
interface TemplateContext {
  component: { type: string; key: string; label?: string; validate?: { required?: boolean } };
  instance: { id: string };
}

interface FormioTemplates {
  current: Record<string, { form?: Template } | undefined>;
}

const patched = new WeakSet<Template>();

/**
 * The `radio` template (radio and select-boxes components) puts `aria-required` on the group
 * even when the field is optional (an empty value, which is no value: aria-valid-attr-value),
 * and on a checkbox group, whose `group` role does not take it (aria-allowed-attr). Here a
 * radio group says whether it is required; a checkbox group says so in its name instead, through
 * a hidden "required" its `aria-labelledby` adds to the label (whose star screen readers skip).
 */
export function accessibleGroup(html: string, ctx: TemplateContext): string {
  const required = ctx.component.validate?.required === true;
  const hiddenId = `r-${ctx.instance.id}-${ctx.component.key}`;
  return html.replace(/<div\b[^>]*\bref="radioGroup"[^>]*>/, (tag) => {
    const open = tag.replace(/\s*aria-required="[^"]*"/, '');
    if (!required) return open;
    if (ctx.component.type !== 'selectboxes') return open.replace(/>$/, ' aria-required="true">');
    // A read-only form names the group with aria-label (its label and value): nothing to add there.
    if (!/aria-labelledby="/.test(open)) return open;
    return `${open.replace(/aria-labelledby="([^"]*)"/, `aria-labelledby="$1 ${hiddenId}"`)}<span id="${hiddenId}" class="visually-hidden">required</span>`;
  });
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `signature` template's image (the signature once signed) has no text alternative (image-alt): the field's label is one. */
export function describedSignature(html: string, ctx: TemplateContext): string {
  return html.replace(/<img\b(?![^>]*\balt=)/, `<img alt="${attribute(ctx.component.label || 'Signature')}"`);
}

function patch(templates: FormioTemplates, name: string, fix: (html: string, ctx: TemplateContext) => string): void {
  const original = templates.current[name]?.form;
  if (!original || patched.has(original)) return;
  const form: Template = (ctx) => fix(original(ctx), ctx);
  patched.add(form);
  // Form.io's setter merges this into the current framework's templates.
  templates.current = { [name]: { form } };
}

/** Wraps the current framework's templates above, once each. */
export function makeTemplatesAccessible(templates: FormioTemplates): void {
  patch(templates, 'radio', accessibleGroup);
  patch(templates, 'signature', describedSignature);
}
