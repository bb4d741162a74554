import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  type BadgeProps,
} from '@fluentui/react-components';
import type { ExternalUserState, ExternalUserView } from '../../../schemas';
import { UserRowMenu } from './UserRowMenu';
import type { UserActions } from './useUserActions';

const useStyles = makeStyles({
  // The email and company columns wrap rather than push the menu out of sight on a tablet.
  wrap: { overflowWrap: 'anywhere' },
  menu: { width: '56px' },
});

/** One colour per display state (SPEC §4), so a scan of the table finds who is waiting or blocked. */
const STATE_COLOR: Record<ExternalUserState, BadgeProps['color']> = {
  PENDING: 'warning',
  ACTIVE: 'success',
  DISABLED: 'subtle',
  DELETED: 'danger',
};

/** The external users of one page: name, email, company, state, access expiry and the row menu. */
export function UsersTable({ users, actions }: { users: readonly ExternalUserView[]; actions: UserActions }) {
  const styles = useStyles();
  return (
    <Table aria-label="External users">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>State</TableHeaderCell>
          <TableHeaderCell>Access expires</TableHeaderCell>
          <TableHeaderCell className={styles.menu} aria-label="Actions" />
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.PersonnelId}>
            <TableCell>{`${user.FirstName} ${user.LastName}`}</TableCell>
            <TableCell className={styles.wrap}>{user.EmailAddress}</TableCell>
            <TableCell className={styles.wrap}>{user.Company}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={STATE_COLOR[user.DisplayState]}>
                {user.DisplayState}
              </Badge>
            </TableCell>
            <TableCell>{user.AccessExpiresDate ?? 'Never'}</TableCell>
            <TableCell>
              <UserRowMenu user={user} actions={actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
