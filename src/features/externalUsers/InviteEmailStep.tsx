import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { EMAIL_PROBLEM, looksLikeEmail } from './userForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, maxWidth: '640px' },
  field: { flex: '1 1 320px' },
});

interface InviteEmailStepProps {
  email: string;
  onEmailChange(email: string): void;
  pending: boolean;
  onContinue(): void;
}

/**
 * The first step of an invitation: the address alone, so an existing user is found before
 * anyone fills in the whole form (SPEC §5 'User Exists').
 */
export function InviteEmailStep({ email, onEmailChange, pending, onContinue }: InviteEmailStepProps) {
  const styles = useStyles();
  const [attempted, setAttempted] = useState(false);
  const problem = looksLikeEmail(email) ? undefined : EMAIL_PROBLEM;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!problem && !pending) onContinue();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field className={styles.field} label="Email address" required validationMessage={attempted ? problem : undefined}>
        <Input type="email" autoFocus value={email} onChange={(_, data) => onEmailChange(data.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={pending} icon={pending ? <Spinner size="tiny" /> : undefined}>
        Continue
      </Button>
    </form>
  );
}
