/**
 * Form.io's templates patched where their markup breaks ARIA (axe, WCAG 2.1 A/AA), for every
 * form and the form builder: the radio and checkbox groups, the panels' headers, the signature's
 * image, and the builder's sidebar.
 */

type Template = (ctx: TemplateContext) => string;

/** The part of what Form.io hands a template that the patches read. */
interface TemplateContext {
  component: { type: string; key: string; label?: string; collapsible?: boolean; validate?: { required?: boolean } };
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

/**
 * A read-only form shows each option's text in a `span` beside its (disabled) input rather than
 * a `label for` it, so the input has no name (label): the same text, as its label.
 */
export function labelledOptions(html: string): string {
  return html.replace(/(<div\b[^>]*\bref="wrapper"[^>]*>)([\s\S]*?)(<\/div>)/g, (block: string, open: string, inside: string, close: string) => {
    const id = /<input\b[^>]*\bid="([^"]+)"/.exec(inside)?.[1];
    if (!id) return block;
    const labelled = inside.replace(/<span class="form-check-label([^"]*)">(\s*<span>[\s\S]*?<\/span>\s*)<\/span>/, `<label class="form-check-label$1" for="${id}">$2</label>`);
    return open + labelled + close;
  });
}

/**
 * A panel's header is a `button` that expands and collapses it (`presentation` in a read-only
 * form, where `aria-expanded` is then not allowed: aria-allowed-attr). Only a collapsible panel's
 * header does anything: it stays a button, read-only or not; any other is its title only.
 */
export function panelHeader(html: string, ctx: TemplateContext): string {
  return html.replace(/<div\b[^>]*\bref="header"[^>]*>/, (tag) =>
    ctx.component.collapsible ? tag.replace('role="presentation"', 'role="button"') : tag.replace(/\s*(role|aria-expanded|aria-controls)="[^"]*"/g, ''),
  );
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `signature` template's image (the signature once signed) has no text alternative (image-alt): the field's label is one. */
export function describedSignature(html: string, ctx: TemplateContext): string {
  return html.replace(/<img\b(?![^>]*\balt=)/, `<img alt="${attribute(ctx.component.label || 'Signature')}"`);
}

/**
 * The form builder's sidebar is an accordion of field groups with a search box, which its template
 * calls a `tablist` although it holds no tabs (aria-required-children): no role, as an accordion has.
 */
export function accordionSidebar(html: string): string {
  return html.replace(/(<div\b[^>]*\bref="sidebar"[^>]*?)\s*role="tablist"/, '$1');
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
  patch(templates, 'radio', (html, ctx) => labelledOptions(accessibleGroup(html, ctx)));
  patch(templates, 'panel', panelHeader);
  patch(templates, 'signature', describedSignature);
  patch(templates, 'builderSidebar', accordionSidebar);
}
