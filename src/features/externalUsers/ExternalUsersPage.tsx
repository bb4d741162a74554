import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, PersonAddRegular } from '@fluentui/react-icons';
import { USER_LIST_PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { listUsers } from '../../../replication/externalUsers';
import { useLoad } from '../../app/useLoad';
import { UsersTable } from './UsersTable';
import { useUserActions } from './useUserActions';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** /admin/external-users: the external users the admin may administer, 50 a page (SPEC §9). */
export function ExternalUsersPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // 1-based in the address people see and share, 0-based for the server.
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1)) - 1;
  const load = useCallback(() => listUsers(page), [page]);
  const users = useLoad(load);
  const actions = useUserActions(users.reload);
  const total = users.data?.Total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USER_LIST_PAGE_SIZE));
  const goTo = (next: number) => setParams(next === 0 ? {} : { page: String(next + 1) });

  return (
    <section className={styles.root}>
      <div className={styles.header}>
        <Title2 as="h1">External Users</Title2>
        <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => navigate('/admin/external-users/create')}>
          Invite User
        </Button>
      </div>
      {users.error ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{messages.users.loadListFailed}</MessageBarTitle>
            {users.error}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={users.reload}>Try again</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {users.data === undefined ? (
        users.loading ? <Spinner label="Loading users…" /> : null
      ) : users.data.UserList.length === 0 ? (
        <Body1>{page === 0 ? 'No external users yet. Invite one with Invite User.' : 'There are no users on this page.'}</Body1>
      ) : (
        <>
          <UsersTable users={users.data.UserList} actions={actions} />
          <div className={styles.pager}>
            <Button
              icon={<ChevronLeftRegular />}
              aria-label="Previous page"
              disabled={page === 0 || users.loading}
              onClick={() => goTo(page - 1)}
            />
            <Text>{`Page ${page + 1} of ${pages}`}</Text>
            <Button
              icon={<ChevronRightRegular />}
              aria-label="Next page"
              disabled={page + 1 >= pages || users.loading}
              onClick={() => goTo(page + 1)}
            />
            <Text className={styles.muted}>{total === 1 ? '1 user' : `${total} users`}</Text>
          </div>
        </>
      )}
    </section>
  );
}
