import bootstrap from '@formio/bootstrap';
import { Template } from '@formio/core/experimental';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTemplatesAccessible } from '../../src/features/permits/formioTemplates';

/** What Form.io hands its radio template for a radio or select-boxes field (the parts the template reads). */
function context(type: 'radio' | 'selectboxes', required: boolean | undefined, readOnly = false) {
  const validate = required === undefined ? {} : { required };
  return {
    component: { type, key: 'hazards', validate },
    input: { type: 'input', attr: { type: type === 'radio' ? 'radio' : 'checkbox', class: 'form-check-input' }, component: { validate } },
    instance: { id: 'e1', root: { id: 'f1' }, options: { readOnly } },
    values: [{ label: 'Hot surfaces', value: 'hot' }],
    t: (text: string) => text,
    id: 'e1',
    row: '',
    value: undefined,
    readOnly,
  };
}

/** The group's attributes and the markup inside it, as the patched template renders them (no DOM in these tests). */
function render(type: 'radio' | 'selectboxes', required?: boolean) {
  const html = Template.current.radio!.form!(context(type, required)) as string;
  const [, tag = '', inside = ''] = /(<div\b[^>]*\bref="radioGroup"[^>]*>)([\s\S]*)/.exec(html) ?? [];
  const attributes = new Map([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
  return { attribute: (name: string) => attributes.get(name) ?? null, inside };
}

describe('Form.io templates', () => {
  beforeAll(() => {
    // The framework the app's bundle renders with (@formio/js's default).
    Template.addTemplates((bootstrap as unknown as { templates: object }).templates);
    Template.framework = 'bootstrap5';
    // Twice, as every form's load calls it: the second call must not wrap the templates again.
    makeTemplatesAccessible(Template);
    makeTemplatesAccessible(Template);
  });

  it.each([
    ['an optional radio group', 'radio', undefined, 'radiogroup', null],
    ['a radio group marked not required', 'radio', false, 'radiogroup', null],
    ['a required radio group', 'radio', true, 'radiogroup', 'true'],
    ['an optional checkbox group', 'selectboxes', undefined, 'group', null],
    ['a required checkbox group', 'selectboxes', true, 'group', null],
  ] as const)('%s carries aria-required only where its role allows a value', (_name, type, required, role, ariaRequired) => {
    const group = render(type, required);
    expect(group.attribute('role')).toBe(role);
    expect(group.attribute('aria-required')).toBe(ariaRequired);
  });

  it('names a required checkbox group "… required" through a hidden text its label points to', () => {
    const group = render('selectboxes', true);
    expect(group.attribute('aria-labelledby')!.split(' ')).toEqual(['l-e1-hazards', 'r-e1-hazards']);
    expect(group.inside).toMatch(/^<span id="r-e1-hazards" class="visually-hidden">required<\/span>/);
    expect(group.inside.match(/id="r-e1-hazards"/g)).toHaveLength(1);
    expect(render('selectboxes', false).inside).not.toContain('visually-hidden');
  });

  it('gives a signature image its field label as alternative text', () => {
    const html = Template.current.signature!.form!({
      ...context('radio', true),
      component: { type: 'signature', key: 'issuerSignature', label: 'Issuer "signature"', width: '100%', height: '150px' },
      element: '',
      iconClass: (name: string) => name,
      required: false,
    }) as string;
    expect(html.match(/<img\b[^>]*>/g)).toEqual([expect.stringContaining('alt="Issuer &quot;signature&quot;"')]);
  });

  it('leaves the builder sidebar, an accordion, without the tablist role it has no tabs for', () => {
    const html = Template.current.builderSidebar!.form!({ groupId: 'builder-sidebar-1', groups: [], scrollEnabled: false, t: (text: string) => text }) as string;
    expect(html).toContain('ref="sidebar"');
    expect(html).not.toContain('role=');
  });

  it('labels each option of a read-only group with its text', () => {
    const html = Template.current.radio!.form!(context('selectboxes', true, true)) as string;
    expect(html).toMatch(/<input\b[^>]*id="f1-e1--hot"/);
    expect(html).toMatch(/<label class="form-check-label[^"]*" for="f1-e1--hot">\s*<span>Hot surfaces<\/span>\s*<\/label>/);
  });

  it.each([
    ['a collapsible panel, read-only', true, true, 'role="button" aria-expanded="true"'],
    ['a collapsible panel', true, false, 'role="button" aria-expanded="true"'],
    ['a panel that does not collapse', false, false, ''],
  ])('gives %s a header that is a button only if it collapses', (_name, collapsible, readOnly, expected) => {
    const html = Template.current.panel!.form!({
      component: { key: 'work', title: 'Work', collapsible },
      label: {},
      instance: { id: 'e1' },
      readOnly,
      collapsed: false,
      transform: (_kind: string, value: string) => value,
      iconClass: (name: string) => name,
      t: (text: string) => text,
      children: '',
      nestedKey: 'work',
    }) as string;
    const header = /<div\b[^>]*\bref="header"[^>]*>/.exec(html)![0].replace(/\s+/g, ' ');
    const aria = [...header.matchAll(/(role|aria-expanded)="[^"]*"/g)].map(([attr]) => attr).join(' ');
    expect(aria).toBe(expected);
  });
});
