import { useMemo, useState, type ReactNode } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Form } from '@rjsf/fluentui-rc';
import type { CustomValidator, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
// Only the precompiled validator: the package's index builds an Ajv instance that compiles with `new Function`.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

/** A field's messages: one for every failure of it, or one per schema keyword (required, pattern, minLength …). */
export type FieldMessages = string | Partial<Record<string, string>>;

export interface SchemaFormProps<T extends object> {
  /** The TypeBox schema of schemas/ that the server validates the same request with. */
  schema: object;
  /** Its validator, compiled at build time: `import fns from 'virtual:form-validator/<SchemaName>'`. */
  validateFns: ValidatorFunctions;
  formData: T;
  /** The words of SPEC §5/§8 for each field's schema failures, instead of the validator's. */
  messages?: Partial<Record<keyof T & string, FieldMessages>>;
  /** Rules a schema cannot state (a key or value already taken): field → message, or nothing. */
  rules?: (data: T) => Partial<Record<keyof T & string, string | null>>;
  uiSchema?: UiSchema<T>;
  submitLabel: string;
  onSubmit(data: T): void;
  onCancel?(): void;
  busy?: boolean;
  /** Shown beside the buttons (a refusal of the server). */
  extra?: ReactNode;
  /** Prefix of the fields' ids: unique on the page when it shows several forms. */
  idPrefix?: string;
}

const fieldOf = (error: RJSFValidationError) => {
  const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
  return (error.property ?? '').replace(/^\./, '') || missing || '';
};

/**
 * An admin form rendered by react-jsonschema-form (Fluent UI v9 theme) from a schema of
 * schemas/, so the dialog and the server check one definition (issue 14, point 7). Save stays
 * disabled while the data breaks a rule (SPEC §5); a field's message shows once it is left.
 */
export function SchemaForm<T extends object>(props: SchemaFormProps<T>) {
  const { schema, validateFns, messages = {}, rules, uiSchema, submitLabel, onSubmit, onCancel, busy, extra, idPrefix } = props;
  const styles = useStyles();
  const [data, setData] = useState<T>(props.formData);
  const validator = useMemo(() => createPrecompiledValidator<T>(validateFns, schema as RJSFSchema), [validateFns, schema]);

  const transformErrors: ErrorTransformer<T> = (errors) =>
    errors.map((error) => {
      const own = (messages as Record<string, FieldMessages | undefined>)[fieldOf(error)];
      const message = typeof own === 'string' ? own : own?.[error.name ?? ''];
      return message ? { ...error, message, stack: message } : error;
    });
  const customValidate: CustomValidator<T> = (formData, errors) => {
    const found = rules?.((formData ?? {}) as T) ?? {};
    for (const [field, message] of Object.entries(found)) {
      if (message) (errors as unknown as Record<string, { addError(m: string): void }>)[field]?.addError(message as string);
    }
    return errors;
  };
  const valid = validator.validateFormData(data, schema as RJSFSchema, customValidate, transformErrors).errors.length === 0;

  return (
    <Form
      schema={schema as RJSFSchema}
      idPrefix={idPrefix}
      uiSchema={uiSchema}
      validator={validator}
      formData={data}
      onChange={(event) => setData(event.formData as T)}
      onSubmit={(event) => onSubmit(event.formData as T)}
      transformErrors={transformErrors}
      customValidate={customValidate}
      liveValidate="onBlur"
      showErrorList={false}
      noHtml5Validate
      disabled={busy}
    >
      <div className={styles.actions}>
        {extra}
        {onCancel ? (
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button appearance="primary" type="submit" disabled={!valid || busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
