import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import { templateContent } from '../../../domain/templates/workflow';
import type { Template } from '../../../schemas';
import { FormioForm } from '../permits/FormioForm';
import { prepareForm } from '../permits/prepareForm';
import { useTemplateForms } from './useTemplateForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  field: { flex: '1 1 260px', maxWidth: '420px' },
  footer: {
    position: 'sticky', bottom: 0, display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1, borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface TemplateDraft {
  Name: string;
  FormKey: string;
  ContentJSON: string;
}

interface Props {
  /** The template being edited; null for a new one. */
  template: Template | null;
  readOnly?: boolean;
  onSave?(draft: TemplateDraft): void;
  onCancel?(): void;
}

/**
 * The permit template editor (SPEC §2, §5): a Name (required), the permit type (FormKey, fixed
 * once the template has one) and that type's permit form, rendered with the Form.io renderer,
 * whose values become the template's content.
 */
export function TemplateEditor({ template, readOnly = false, onSave, onCancel }: Props) {
  const styles = useStyles();
  const forms = useTemplateForms();
  const [name, setName] = useState(template?.Name ?? '');
  const [formKey, setFormKey] = useState(template?.FormKey ?? '');
  const [touched, setTouched] = useState(false);
  const initial = useMemo(() => (template ? templateContent(template) : {}), [template]);
  const content = useRef<Record<string, unknown>>(initial);
  const type = forms.types.find((t) => t.name === formKey);
  const form = useMemo(
    () => (forms.definition && type ? prepareForm(forms.definition.Forms[type.formName], forms.inputs) : null),
    [forms.definition, forms.inputs, type],
  );
  const locked = readOnly || (template?.FormKey ?? '') !== '';
  const nameMissing = name.trim() === '';

  if (forms.loading) return <Spinner label="Loading the permit forms…" />;

  const save = () => {
    setTouched(true);
    if (nameMissing || formKey === '') return;
    onSave?.({ Name: name.trim(), FormKey: formKey, ContentJSON: JSON.stringify({ [formKey]: content.current }) });
  };

  return (
    <div className={styles.root}>
      <div className={styles.fields}>
        <Field className={styles.field} label="Name" required validationMessage={touched && nameMissing ? 'Name is required' : undefined}>
          <Input value={name} readOnly={readOnly} onChange={(_e, d) => setName(d.value)} onBlur={() => setTouched(true)} maxLength={200} />
        </Field>
        <Field className={styles.field} label="Permit type" required validationMessage={touched && formKey === '' ? 'Permit type is required' : undefined}>
          <Dropdown
            disabled={locked}
            placeholder="Choose a permit type"
            value={type?.label ?? formKey}
            selectedOptions={formKey ? [formKey] : []}
            onOptionSelect={(_e, d) => {
              content.current = {};
              setFormKey(d.optionValue ?? '');
            }}
          >
            {forms.types.map((t) => (
              <Option key={t.name} value={t.name}>
                {t.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {formKey !== '' && !form && (
        <MessageBar intent="warning">
          <MessageBarBody>{`The form of ${formKey} is not in this location's current permit definition.`}</MessageBarBody>
        </MessageBar>
      )}
      {form && (
        <section aria-label={type?.label ?? formKey}>
          <FormioForm
            key={formKey}
            form={form}
            initialData={formKey === template?.FormKey ? initial : {}}
            readOnly={readOnly}
            onChange={(data) => {
              content.current = data;
            }}
          />
        </section>
      )}
      {!readOnly && (
        <div className={styles.footer}>
          <Button appearance="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button appearance="primary" disabled={touched && (nameMissing || formKey === '')} onClick={save}>
            Save
          </Button>
        </div>
      )}
    </div>
  );
}
