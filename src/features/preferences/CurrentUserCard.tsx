import { useEffect, useRef, useState } from 'react';
import { Body1, Button, Card, CardHeader, Text, Tooltip } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { TOOLTIP_RESET_MS } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { sessionId } from '../../../replication/session';
import { useAppData } from '../../app/startup/appData';
import { useCardStyles } from './styles';

/** The signed-in user, with a button that copies diagnostics for the service desk. */
export function CurrentUserCard() {
  const styles = useCardStyles();
  const { profile, abilities } = useAppData().data;
  const [tip, setTip] = useState<string>(messages.clipboard.copy);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    clearTimeout(resetTimer.current);
    const diagnostics = { profile, abilities, sessionId: sessionId() };
    try {
      await navigator.clipboard.writeText(JSON.stringify(diagnostics, null, 2));
      setTip(messages.clipboard.copied);
    } catch (error) {
      // SPEC §8: reported with diagnostics, so the details are not lost when the clipboard is.
      console.error(messages.clipboard.failed, error, diagnostics);
      setTip(messages.clipboard.failed);
    }
  };

  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Text weight="semibold">Current User</Text>}
        action={
          <Tooltip content={tip} relationship="description">
            <Button
              appearance="subtle"
              icon={<CopyRegular />}
              aria-label={messages.clipboard.copy}
              onClick={() => void copy()}
              onMouseLeave={() => {
                clearTimeout(resetTimer.current);
                resetTimer.current = setTimeout(() => setTip(messages.clipboard.copy), TOOLTIP_RESET_MS);
              }}
            />
          </Tooltip>
        }
      />
      <dl className={styles.fields}>
        <dt className={styles.term}>Given name</dt>
        <dd className={styles.value}>
          <Body1>{profile.FirstName}</Body1>
        </dd>
        <dt className={styles.term}>Surname</dt>
        <dd className={styles.value}>
          <Body1>{profile.LastName}</Body1>
        </dd>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>
          <Body1>{profile.EmailAddress}</Body1>
        </dd>
      </dl>
    </Card>
  );
}
