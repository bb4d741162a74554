import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../../replication/http';
import { getUser, updateUser, type VersionedUser } from '../../../replication/externalUsers';
import { useNotify } from '../../app/toaster';
import { useLoad } from '../../app/useLoad';
import { UserForm } from './UserForm';
import { userFormValues, userPatch, type UserFormValues } from './userForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

const LIST = '/admin/external-users';

/** /admin/external-users/{PersonnelId}/edit: fetches the user, then saves the changes as a patch of that version. */
export function EditUserPage() {
  const styles = useStyles();
  const { personnelId = '' } = useParams();
  const load = useCallback(() => getUser(personnelId), [personnelId]);
  const fetched = useLoad(load);

  return (
    <section className={styles.root}>
      <Title2 as="h1">Edit User</Title2>
      {fetched.error ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{messages.users.loadFailed}</MessageBarTitle>
            {fetched.error}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={fetched.reload}>Try again</Button>
          </MessageBarActions>
        </MessageBar>
      ) : fetched.data && !fetched.loading ? (
        // Keyed by version: a reload after a conflict starts the form from what the server has now.
        <EditForm key={fetched.data.etag} fetched={fetched.data} onReload={fetched.reload} />
      ) : (
        <Spinner label="Loading the user…" />
      )}
    </section>
  );
}

function EditForm({ fetched, onReload }: { fetched: VersionedUser; onReload(): void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { user, etag } = fetched;
  const [values, setValues] = useState<UserFormValues>(() => userFormValues(user));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; stale: boolean } | null>(null);
  const operations = userPatch(user, values);

  const save = async () => {
    setPending(true);
    setError(null);
    try {
      await updateUser(user.PersonnelId, etag, operations);
      notify('success', messages.users.updated);
      navigate(LIST);
    } catch (e) {
      setPending(false);
      notify('error', messages.users.invalidDetails);
      const message = e instanceof Error && e.message ? e.message : messages.users.invalidDetails;
      // 412: someone changed the user since it was fetched; the patch must be made against their version.
      setError({ message, stale: e instanceof ApiError && e.status === 412 });
    }
  };

  return (
    <UserForm
      values={values}
      onChange={setValues}
      siteId={user.SiteId}
      submitLabel="Save"
      canSubmit={operations.length > 0}
      pending={pending}
      onSubmit={() => void save()}
      onCancel={() => navigate(LIST)}
      messages={
        error ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{messages.users.invalidDetails}</MessageBarTitle>
              {error.message}
            </MessageBarBody>
            {error.stale ? (
              <MessageBarActions>
                <Button onClick={onReload}>Load the current version</Button>
              </MessageBarActions>
            ) : null}
          </MessageBar>
        ) : null
      }
    />
  );
}
