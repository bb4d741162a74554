import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMOPS_MATRIX } from '../../domain/simops/matrix';
import { coldWork, confinedSpace, hotWork } from '../../server/seed/forms/permitForms';

interface Node {
  key?: string;
  type?: string;
  label?: string;
  components?: Node[];
}

/** Every input of a form by key, panels walked. */
function inputs(node: Node, found = new Map<string, Node>()): Map<string, Node> {
  for (const child of node.components ?? []) {
    if (child.key && child.type !== 'panel') found.set(child.key, child);
    inputs(child, found);
  }
  return found;
}

const FORMS = new Map([hotWork(2), confinedSpace(), coldWork()].map((form) => [form.name, inputs(form as Node)]));

describe('the SIMOPS hazard flags on the demo forms', () => {
  // The default matrix reads its hazards from these fields: a person filling a permit must be able to tick them.
  it.each(DEFAULT_SIMOPS_MATRIX.Hazards.flatMap((h) => h.Fields.map((field) => [h.Label, field] as const)))('%s: %s is a box on the permit type’s form', (_label, field) => {
    const [form, key] = field.split('.') as [string, string];
    expect(FORMS.get(form)?.get(key)?.type).toBe('checkbox');
  });
});
