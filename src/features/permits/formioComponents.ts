/**
 * Form.io's components patched where their markup breaks ARIA (axe, WCAG 2.1 A/AA), for every
 * form and the form builder. Each patch wraps the component class's own method once.
 */

type Template = (this: unknown, ...args: unknown[]) => HTMLElement;

interface ChoicesTemplates {
  item: Template;
  itemList: Template;
}

type Method = (this: FormioComponent, ...args: unknown[]) => unknown;

/** The part of a Form.io component instance the patches read. */
interface FormioComponent {
  id: string;
  key: string;
}

interface ComponentClass {
  prototype: Record<string, Method>;
}

const wrapped = new WeakSet<Method>();

function wrap(component: ComponentClass | undefined, method: string, around: (original: Method) => Method): void {
  const original = component?.prototype[method];
  if (!component || !original || wrapped.has(original)) return;
  const patched = around(original);
  wrapped.add(patched);
  component.prototype[method] = patched;
}

function withoutAttributes(template: Template, attributes: string[]): Template {
  return function (this: unknown, ...args: unknown[]) {
    const element = template.apply(this, args);
    for (const attribute of attributes) element.removeAttribute(attribute);
    return element;
  };
}

/**
 * Choices.js (Form.io's select) draws each chosen value as an `option` of a `listbox`, with its
 * "Remove item" button inside: a button within an option, which a screen reader does not announce
 * (nested-interactive). The chosen value is no option to pick — the dropdown holds those, left as
 * they are — so it loses the roles. Choices.js calls this with itself as `this`, its defaults in `_templates`.
 */
function callbackOnCreateTemplates(this: { _templates: ChoicesTemplates }): Partial<ChoicesTemplates> {
  return {
    item: withoutAttributes(this._templates.item, ['role', 'aria-selected']),
    itemList: withoutAttributes(this._templates.itemList, ['role']),
  };
}

/**
 * A text area that may not be edited is drawn as a `div` with the textbox role, named only in a
 * read-only form: in a form where just that field is locked (an approved permit's) it has no
 * name (aria-input-field-name). Its label, which Form.io renders with this id, names it.
 */
function namedReadOnlyTextArea(html: string, component: FormioComponent): string {
  return html.replace(/(class="formio-editor-read-only-content"[^>]*?)(\s*>)/, (tag: string, open: string, end: string) =>
    /aria-label/.test(open) ? tag : `${open} aria-labelledby="l-${component.id}-${component.key}"${end}`,
  );
}

/**
 * A field's help icon (an `<i>` focusable by Tab, inside the field's label) opens its tooltip,
 * and tippy.js marks it `aria-expanded`, which an element without a role may not carry
 * (aria-allowed-attr). A role and a name would join the field's own name, read through its
 * label ("Work order number More information"): the icon stays as it is, without the attribute;
 * tippy still points the icon at the tooltip's text (aria-describedby) while it shows.
 */
const HELP_TOOLTIP = { aria: { expanded: false } };

/** Patches Form.io's base component, select and text area classes (its `Components.components`), once each. */
export function makeComponentsAccessible(components: Record<string, ComponentClass | undefined>): void {
  wrap(components.base, 'createTooltip', (createTooltip) =>
    function (icon, settings) {
      return createTooltip.call(this, icon, { ...HELP_TOOLTIP, ...(settings as object | undefined) });
    },
  );
  wrap(components.select, 'choicesOptions', (choicesOptions) =>
    function (...args) {
      return { ...(choicesOptions.apply(this, args) as object), callbackOnCreateTemplates };
    },
  );
  wrap(components.textarea, 'renderElement', (renderElement) =>
    function (...args) {
      return namedReadOnlyTextArea(renderElement.apply(this, args) as string, this);
    },
  );
}
