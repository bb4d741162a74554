import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { isValidRegistrationPassword } from '../../../domain/passwords';
import type { Invitation } from '../../../replication/api';
import { registerContractor } from '../../../replication/session';
import { useNotify } from '../../app/toaster';
import { PasswordChecklist } from './PasswordChecklist';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The invited contractor's details, read-only, and the password that completes registration (SPEC §2, §5). */
export function RegistrationForm({ invitation }: { invitation: Invitation }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const checklistId = useId();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = isValidRegistrationPassword(password) && !pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setPending(true);
    setError(null);
    try {
      await registerContractor({ ...invitation, Password: password });
      notify('success', messages.registration.success);
      navigate('/', { replace: true });
    } catch (e) {
      // The server's sentence: the mismatch of SPEC §8, or why it refused the password.
      setError(e instanceof Error ? e.message : String(e));
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Body1>{`Welcome, ${invitation.FirstName}. Choose a password to finish setting up your account.`}</Body1>
      <Field label="Name">
        <Input readOnly value={`${invitation.FirstName} ${invitation.LastName}`} />
      </Field>
      <Field label="Email address">
        <Input readOnly type="email" autoComplete="username" value={invitation.EmailAddress} />
      </Field>
      <Field label="Password" required>
        <Input
          type="password"
          autoComplete="new-password"
          autoFocus
          aria-describedby={checklistId}
          value={password}
          onChange={(_, data) => setPassword(data.value)}
        />
      </Field>
      <PasswordChecklist id={checklistId} password={password} />
      {error ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Button type="submit" appearance="primary" disabled={!canSubmit} icon={pending ? <Spinner size="tiny" /> : undefined}>
        Register
      </Button>
    </form>
  );
}
