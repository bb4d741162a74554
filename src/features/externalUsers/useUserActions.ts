import { useCallback, useState } from 'react';
import { messages } from '../../../domain/messages';
import { deleteUser, getUser, resendInvitation, updateUser } from '../../../replication/externalUsers';
import type { ExternalUserView } from '../../../schemas';
import { useNotify } from '../../app/toaster';

export interface UserActions {
  /** The user an action is running for (its row menu waits), else null. */
  busyId: number | null;
  resend(user: ExternalUserView): Promise<void>;
  /** Enables a disabled user or disables an active one (SPEC §4: through ActiveFlag). */
  toggleActive(user: ExternalUserView): Promise<void>;
  remove(user: ExternalUserView): Promise<void>;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The row actions of the users table, each with the toasts of SPEC §8; `done` reloads the page. */
export function useUserActions(done: () => void): UserActions {
  const notify = useNotify();
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = useCallback(
    async (user: ExternalUserView, action: () => Promise<unknown>, success: string, failure: string) => {
      setBusyId(user.PersonnelId);
      try {
        await action();
        notify('success', success);
      } catch (error) {
        // The catalogue sentence, with the server's own reason under it.
        notify('error', failure, reason(error));
      } finally {
        setBusyId(null);
        done();
      }
    },
    [notify, done],
  );

  const resend = useCallback(
    (user: ExternalUserView) =>
      run(user, () => resendInvitation(user.PersonnelId), messages.users.invitationResent, messages.users.resendFailed),
    [run],
  );

  const toggleActive = useCallback(
    (user: ExternalUserView) =>
      run(
        user,
        async () => {
          // An update names the version it changes (SPEC §5), so fetch the user's current one first.
          const { etag } = await getUser(user.PersonnelId);
          await updateUser(user.PersonnelId, etag, [{ op: 'replace', path: '/ActiveFlag', value: !user.ActiveFlag }]);
        },
        messages.users.updated,
        messages.users.invalidDetails,
      ),
    [run],
  );

  const remove = useCallback(
    (user: ExternalUserView) =>
      run(user, () => deleteUser(user.PersonnelId), messages.users.deleted, messages.users.deleteFailed),
    [run],
  );

  return { busyId, resend, toggleActive, remove };
}
