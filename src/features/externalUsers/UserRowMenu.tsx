import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { ExternalUserView } from '../../../schemas';
import type { UserActions } from './useUserActions';

/** Resend invitation (PENDING only), Edit, Enable or Disable, Delete after a confirmation (SPEC §2). */
export function UserRowMenu({ user, actions }: { user: ExternalUserView; actions: UserActions }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const name = `${user.FirstName} ${user.LastName}`;
  const busy = actions.busyId === user.PersonnelId;
  const deleted = user.DisplayState === 'DELETED';

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            aria-label={`Actions for ${name}`}
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : <MoreHorizontalRegular />}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {user.DisplayState === 'PENDING' ? (
              <MenuItem onClick={() => void actions.resend(user)}>Resend invitation</MenuItem>
            ) : null}
            <MenuItem onClick={() => navigate(`/admin/external-users/${user.PersonnelId}/edit`)}>Edit</MenuItem>
            {/* A deleted user stays deleted whatever ActiveFlag says: enabling them would change nothing. */}
            {deleted ? null : (
              <MenuItem onClick={() => void actions.toggleActive(user)}>{user.ActiveFlag ? 'Disable' : 'Enable'}</MenuItem>
            )}
            {deleted ? null : <MenuItem onClick={() => setConfirming(true)}>Delete</MenuItem>}
          </MenuList>
        </MenuPopover>
      </Menu>
      <Dialog open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Delete user</DialogTitle>
            <DialogContent>
              {`Are you sure you want to delete ${name} (${user.EmailAddress})? They will no longer be able to sign in.`}
            </DialogContent>
            <DialogActions>
              <Button
                appearance="primary"
                onClick={() => {
                  setConfirming(false);
                  void actions.remove(user);
                }}
              >
                Delete
              </Button>
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
