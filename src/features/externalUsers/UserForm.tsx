import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAppData } from '../../app/startup/appData';
import { LocationGrantTree } from './LocationGrantTree';
import { COUNTRIES, FIELD_LABELS, localToday, userFormErrors, type TextField, type UserFormValues } from './userForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
  tree: {
    maxHeight: '50vh',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM },
});

interface UserFormProps {
  values: UserFormValues;
  onChange(values: UserFormValues): void;
  /** The user's site: the grant tree lists its locations only. */
  siteId: number;
  submitLabel: string;
  /** False disables the submit button (e.g. an edit that changes nothing). */
  canSubmit?: boolean;
  pending: boolean;
  onSubmit(): void;
  onCancel(): void;
  /** Message bars (the server's refusal, 'User Exists') shown above the buttons. */
  messages?: ReactNode;
}

/** The external user form of SPEC §5, shared by invite and edit. */
export function UserForm(props: UserFormProps) {
  const { values, onChange, siteId, submitLabel, canSubmit = true, pending } = props;
  const styles = useStyles();
  const { profile, tree } = useAppData().data;
  // Errors appear after the first attempt to submit, not while the person is still typing.
  const [attempted, setAttempted] = useState(false);
  const today = localToday();
  const errors = userFormErrors(values, today);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length === 0 && canSubmit && !pending) props.onSubmit();
  };

  const text = (key: TextField, options: { required?: boolean; type?: 'email' | 'date' } = {}) => (
    <Field
      label={FIELD_LABELS[key]}
      required={options.required}
      validationMessage={attempted ? errors[key] : undefined}
    >
      <Input
        type={options.type}
        min={options.type === 'date' ? today : undefined}
        value={values[key]}
        onChange={(_, data) => onChange({ ...values, [key]: data.value })}
      />
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.grid}>
        {text('EmailAddress', { required: true, type: 'email' })}
        {text('FirstName', { required: true })}
        {text('LastName', { required: true })}
        {text('Company', { required: true })}
        {text('StreetAddress')}
        {text('L')}
        {text('State')}
        {text('PostalCode')}
        <Field label="Country">
          <Select
            value={values.Country}
            onChange={(_, data) => onChange({ ...values, Country: data.value as UserFormValues['Country'] })}
          >
            <option value="">Not given</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>{`${c.name} (${c.code})`}</option>
            ))}
          </Select>
        </Field>
        {text('AccessExpiresDate', { type: 'date' })}
      </div>
      <section className={styles.section} aria-labelledby="grants-heading">
        <Text id="grants-heading" as="h2" size={400} weight="semibold">
          Permissions by location
        </Text>
        <Text className={styles.hint}>
          External users can view the permits of their site. A check gives Edit or Print at the location and
          everything below it; only locations where permitting is enabled can be checked.
        </Text>
        <div className={styles.tree}>
          <LocationGrantTree
            tree={tree}
            grantor={profile}
            siteId={siteId}
            grants={{ CanEdit: values.CanEdit, CanPrint: values.CanPrint }}
            onChange={(grants) => onChange({ ...values, ...grants })}
          />
        </div>
      </section>
      {props.messages}
      <div className={styles.buttons}>
        <Button
          type="submit"
          appearance="primary"
          disabled={!canSubmit || pending}
          icon={pending ? <Spinner size="tiny" /> : undefined}
        >
          {submitLabel}
        </Button>
        <Button onClick={props.onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
