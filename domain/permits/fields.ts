/**
 * Field classes (SPEC §4 "Form editability by state"), declared on a Form.io component as
 * `properties.fieldClass` and inherited by everything inside it (a panel of close-out fields
 * declares it once). A component without one is `general`.
 */
export const FIELD_CLASSES = [
  'general',
  /** The close-out section: the only fields open in TIMEOUT and CLOSING. */
  'closeOut',
  /** Operational data kept up while the work runs (e.g. the gas-test grid), open in APPROVED. */
  'operational',
  /** The form's submit control. */
  'submit',
  /** The approval-to-proceed field. */
  'approvalToProceed',
  /** Fields flagged as approval relief. */
  'approvalRelief',
  /** Site-specific gas readings: open in APPROVED where the location's GasReadingsEditableWhenApproved is set. */
  'gasReading',
  /** Signatures and uploads signed on issue (receiver, designated field operators, signed paper copy): open and required in APPROVED. */
  'approvedSignature',
] as const;
export type FieldClass = (typeof FIELD_CLASSES)[number];

const isFieldClass = (value: unknown): value is FieldClass => (FIELD_CLASSES as readonly unknown[]).includes(value);

/** The part of a Form.io component the rules read. */
export interface FormComponent {
  type?: string;
  key?: string;
  label?: string;
  input?: boolean;
  properties?: Record<string, unknown>;
  components?: FormComponent[];
  columns?: { components?: FormComponent[] }[];
  rows?: { components?: FormComponent[] }[][];
}

/** Layout components hold no value of their own: their children's keys sit at the same level of the data. */
const LAYOUT = new Set(['panel', 'columns', 'fieldset', 'well', 'table', 'tabs', 'htmlelement', 'content']);

function childrenOf(component: FormComponent): FormComponent[] {
  return [
    ...(component.components ?? []),
    ...(component.columns ?? []).flatMap((c) => c.components ?? []),
    ...(component.rows ?? []).flat().flatMap((c) => c.components ?? []),
  ];
}

export interface FieldInfo {
  key: string;
  label: string;
  fieldClass: FieldClass;
}

/**
 * The top-level data keys of a sub-form with their class and label. Content edits are judged at
 * this grain: a data grid (gas tests) or a container is one field, its rows and cells included.
 */
export function formFields(form: { components?: FormComponent[] } | undefined): Map<string, FieldInfo> {
  const fields = new Map<string, FieldInfo>();
  const walk = (components: FormComponent[], inherited: FieldClass) => {
    for (const component of components) {
      const own = component.properties?.fieldClass;
      const fieldClass = isFieldClass(own) ? own : inherited;
      const valueless = LAYOUT.has(component.type ?? '');
      if (component.key && !valueless) fields.set(component.key, { key: component.key, label: component.label ?? component.key, fieldClass });
      // A layout component's children keep their own keys at this level; a data component's are inside its value.
      if (valueless || !component.key) walk(childrenOf(component), fieldClass);
    }
  };
  walk(form?.components ?? [], 'general');
  return fields;
}
