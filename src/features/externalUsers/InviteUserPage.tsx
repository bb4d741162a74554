import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MessageBar, MessageBarBody, MessageBarTitle, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../../replication/http';
import { findUserByEmail, inviteUser } from '../../../replication/externalUsers';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { InviteEmailStep } from './InviteEmailStep';
import { UserExistsBar } from './UserExistsBar';
import { UserForm } from './UserForm';
import { emptyUserForm, inviteBody, type UserFormValues } from './userForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

const LIST = '/admin/external-users';

/** /admin/external-users/create: the address first, then the user form; sends the invitation. */
export function InviteUserPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { homeLocation } = useAppData().data;
  const [values, setValues] = useState<UserFormValues>(() => emptyUserForm());
  const [step, setStep] = useState<'email' | 'form'>('email');
  const [pending, setPending] = useState(false);
  /** Set when the address is taken: the external user's id, if the address is one of theirs. */
  const [exists, setExists] = useState<{ id: number | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The guard lets no one here without an enabled home location; its site is the new user's.
  if (!homeLocation) return null;

  const reset = () => {
    setValues(emptyUserForm());
    setExists(null);
    setError(null);
    setStep('email');
  };

  const lookUp = async () => {
    const email = values.EmailAddress.trim();
    setPending(true);
    try {
      const existing = await findUserByEmail(email);
      if (existing) setExists({ id: existing.PersonnelId });
      else {
        setValues({ ...values, EmailAddress: email });
        setStep('form');
      }
    } finally {
      setPending(false);
    }
  };

  const invite = async () => {
    setPending(true);
    setError(null);
    try {
      await inviteUser(inviteBody(values, homeLocation.SiteId));
      notify('success', messages.users.invited);
      navigate(LIST);
    } catch (e) {
      setPending(false);
      if (e instanceof ApiError && e.status === 409) {
        // Someone invited the address meanwhile, or it is an employee's: say so, not "try again".
        setExists({ id: (await findUserByEmail(values.EmailAddress.trim()))?.PersonnelId });
        return;
      }
      notify('error', messages.users.inviteFailed);
      setError(e instanceof Error && e.message ? e.message : messages.users.invalidDetails);
    }
  };

  const existsBar = exists ? <UserExistsBar existingId={exists.id} onReset={reset} /> : null;
  return (
    <section className={styles.root}>
      <Title2 as="h1">Invite User</Title2>
      {step === 'email' ? (
        <>
          <InviteEmailStep
            email={values.EmailAddress}
            onEmailChange={(EmailAddress) => {
              setExists(null);
              setValues({ ...values, EmailAddress });
            }}
            pending={pending}
            onContinue={() => void lookUp()}
          />
          {existsBar}
        </>
      ) : (
        <UserForm
          values={values}
          onChange={(next) => {
            if (next.EmailAddress !== values.EmailAddress) setExists(null);
            setValues(next);
          }}
          siteId={homeLocation.SiteId}
          submitLabel="Invite"
          pending={pending}
          onSubmit={() => void invite()}
          onCancel={() => navigate(LIST)}
          messages={
            <>
              {existsBar}
              {error ? (
                <MessageBar intent="error" layout="multiline">
                  <MessageBarBody>
                    <MessageBarTitle>{messages.users.inviteFailed}</MessageBarTitle>
                    {error}
                  </MessageBarBody>
                </MessageBar>
              ) : null}
            </>
          }
        />
      )}
    </section>
  );
}
