import { useNavigate } from 'react-router-dom';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';

interface UserExistsBarProps {
  /** The external user with the address; absent when it belongs to someone not administered here (an employee). */
  existingId: number | undefined;
  onReset(): void;
}

/** 'User Exists' (SPEC §5): open that user instead, or start over with another address. */
export function UserExistsBar({ existingId, onReset }: UserExistsBarProps) {
  const navigate = useNavigate();
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{messages.users.exists}</MessageBarTitle>
        {messages.users.existsDetail}
      </MessageBarBody>
      <MessageBarActions>
        {existingId === undefined ? null : (
          <Button onClick={() => navigate(`/admin/external-users/${existingId}/edit`)}>Update Existing User</Button>
        )}
        <Button onClick={onReset}>Reset</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
