import { describe, expect, it } from 'vitest';
import { PERMIT_STATES, type PermitState } from '../../schemas';
import { definitionFields, fieldsNotEditable, isEditable, isRequiredInState } from '../../domain/permits/editability';
import { FIELD_CLASSES, formFields, type FieldClass } from '../../domain/permits/fields';
import { definitionMetadata, formsOf } from '../../server/seed/definitions';

/** SPEC §4 "Form editability by state", written out per class: the states in which an editor may change it. */
const EDITABLE_IN: Record<FieldClass, PermitState[]> = {
  general: ['DRAFT', 'PRE-APPROVAL', 'PENDING'],
  closeOut: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'TIMEOUT', 'CLOSING'],
  operational: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'],
  submit: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'],
  approvalToProceed: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'],
  approvalRelief: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'],
  approvedSignature: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'],
  // In APPROVED only where the location's GasReadingsEditableWhenApproved says so (checked below).
  gasReading: ['DRAFT', 'PRE-APPROVAL', 'PENDING'],
};

const cases = FIELD_CLASSES.flatMap((fieldClass) => PERMIT_STATES.map((state) => [fieldClass, state] as const));

describe('form editability by state, for each field class', () => {
  it.each(cases)('%s in %s', (fieldClass, state) => {
    const expected = EDITABLE_IN[fieldClass].includes(state);
    expect(isEditable(fieldClass, { state, canEdit: true, gasReadingsEditableWhenApproved: false })).toBe(expected);
    // A non-editor gets a read-only form in every state.
    expect(isEditable(fieldClass, { state, canEdit: false, gasReadingsEditableWhenApproved: true })).toBe(false);
    // The site's gas-reading setting opens gas readings in APPROVED and nothing else.
    const withGasRule = isEditable(fieldClass, { state, canEdit: true, gasReadingsEditableWhenApproved: true });
    expect(withGasRule).toBe(expected || (fieldClass === 'gasReading' && state === 'APPROVED'));
  });

  it('makes the signatures and the signed paper copy required in APPROVED only', () => {
    for (const state of PERMIT_STATES) {
      for (const fieldClass of FIELD_CLASSES) expect(isRequiredInState(fieldClass, state)).toBe(fieldClass === 'approvedSignature' && state === 'APPROVED');
    }
  });
});

describe('field classes declared in a Form.io definition', () => {
  const definition = { Forms: formsOf(2) as Record<string, unknown>, DefinitionMetadataJSON: definitionMetadata() };
  const fields = definitionFields(definition);

  it('reads each top-level data key of each sub-form, a panel passing its class to what it holds', () => {
    expect(fields.get('HotWork.jobDescription')).toEqual({ key: 'jobDescription', label: 'Description of the work', fieldClass: 'general' });
    expect(fields.get('HotWork.gasTests')?.fieldClass).toBe('gasReading');
    expect(fields.get('ConfinedSpace.entrants')?.fieldClass).toBe('operational');
    expect(fields.get('ColdWork.closeOutRemarks')?.fieldClass).toBe('closeOut');
    expect(fields.get('HotWork.submit')?.fieldClass).toBe('submit');
    for (const key of ['receiverSignature', 'firstOperatorSignature', 'secondOperatorSignature', 'signedPaperCopy']) {
      expect(fields.get(`ConfinedSpace.${key}`)?.fieldClass).toBe('approvedSignature');
    }
    // Layout is not data, and a grid's columns live inside its value.
    expect(fields.has('HotWork.workDetailsPanel')).toBe(false);
    expect(fields.has('HotWork.O2')).toBe(false);
  });

  it('a component declares its own class over its panel’s', () => {
    const form = { components: [{ type: 'panel', key: 'p', properties: { fieldClass: 'closeOut' }, components: [{ type: 'textfield', key: 'a' }, { type: 'textfield', key: 'b', properties: { fieldClass: 'operational' } }] }] };
    expect([...formFields(form).values()].map((f) => [f.key, f.fieldClass])).toEqual([['a', 'closeOut'], ['b', 'operational']]);
  });

  it('names the changed fields that may not change, by label and path; unknown fields count as general', () => {
    const changed = ['HotWork.jobDescription', 'HotWork.closeOutRemarks', 'HotWork.gasTests', 'HotWork.somethingNew'];
    expect(fieldsNotEditable(changed, fields, { state: 'APPROVED', canEdit: true, gasReadingsEditableWhenApproved: false })).toEqual([
      { path: 'HotWork.jobDescription', label: 'Description of the work' },
      { path: 'HotWork.gasTests', label: 'Gas test readings' },
      { path: 'HotWork.somethingNew', label: 'HotWork.somethingNew' },
    ]);
    expect(fieldsNotEditable(changed, fields, { state: 'PENDING', canEdit: true, gasReadingsEditableWhenApproved: false })).toEqual([]);
  });
});
