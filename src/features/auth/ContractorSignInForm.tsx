import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../../replication/http';
import { signInContractor } from '../../../replication/session';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** What to tell the user: wrong credentials word for word (SPEC §8), anything else as the server says. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return messages.signIn.incorrect;
  return error instanceof Error ? error.message : String(error);
}

/** Email and password sign-in for external contractors; a real form, so Enter submits. */
export function ContractorSignInForm() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = email.trim() !== '' && password !== '' && !pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setPending(true);
    setError(null);
    try {
      await signInContractor(email.trim(), password);
      navigate('/', { replace: true });
    } catch (e) {
      setError(failureMessage(e));
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Email address" required>
        <Input type="email" autoComplete="username" autoFocus value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <Field label="Password" required>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(_, d) => setPassword(d.value)}
        />
      </Field>
      {error ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Button type="submit" appearance="primary" disabled={!canSubmit} icon={pending ? <Spinner size="tiny" /> : undefined}>
        Sign in
      </Button>
    </form>
  );
}
