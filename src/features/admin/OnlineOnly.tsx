import { useState, type ReactNode } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useOnline } from '../../app/useOnline';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * For administration that only the server can do (DESIGN.md §4.8): offline it says so instead
 * of failing. A page already open stays open when the connection drops, so nothing typed into
 * it is lost; its requests say they could not reach the server until the connection is back.
 */
export function OnlineOnly({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const online = useOnline();
  const [opened, setOpened] = useState(online);
  if (online && !opened) setOpened(true);

  return (
    <div className={styles.root}>
      {online ? null : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This page needs a connection</MessageBarTitle>
            This part of the admin area works directly on the OpenPermit server, so it is not available offline. It
            opens by itself when the connection is back.
          </MessageBarBody>
        </MessageBar>
      )}
      {opened ? children : null}
    </div>
  );
}
