import { Button, Card, CardHeader, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { FingerprintRegular } from '@fluentui/react-icons';
import type { AuditVerifyResponse } from '../../../schemas';
import { verdict } from './chainBreak';
import { useChainVerification } from './useChainVerification';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
  // A hash is 64 characters without a space: it must wrap on a narrow screen.
  hash: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** The answer in words and by intent: an intact chain, or its first broken link with what differs. */
function Report({ report }: { report: AuditVerifyResponse }) {
  const styles = useStyles();
  const found = report.firstBreak;
  if (report.ok || !found) {
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody className={styles.hash}>{verdict(report)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody className={styles.lines}>
        <MessageBarTitle>{verdict(report)}</MessageBarTitle>
        <span>{found.message}</span>
        {found.expected === undefined ? null : <span className={styles.hash}>{`Expected: ${found.expected}`}</span>}
        {found.found === undefined ? null : <span className={styles.hash}>{`Found: ${found.found ?? 'nothing'}`}</span>}
        <span>{`${report.checked.toLocaleString('en')} events before it are intact, up to event #${report.headId}.`}</span>
      </MessageBarBody>
    </MessageBar>
  );
}

/** Verify: the server walks the whole chain, so this takes a while on a long record. */
export function VerifyChainCard() {
  const styles = useStyles();
  const { verification, verify } = useChainVerification();
  const running = verification.status === 'running';
  return (
    <Card aria-label="Verify the chain">
      <CardHeader
        header={<Title3 as="h2">Verify the chain</Title3>}
        description={
          <Text className={styles.muted}>
            Every event carries the hash of the one before it. Verify recomputes them all on the server and names the first event that was changed, deleted or inserted.
          </Text>
        }
      />
      <div className={styles.body}>
        <Button appearance="primary" icon={running ? <Spinner size="tiny" /> : <FingerprintRegular />} disabled={running} onClick={verify}>
          Verify chain
        </Button>
        {/* A live region, so a screen reader hears the answer that replaces the button's work. */}
        <div role="status" aria-live="polite">
          {verification.status === 'running' ? <Text>Walking the chain…</Text> : null}
          {verification.status === 'done' ? <Report report={verification.report} /> : null}
          {verification.status === 'failed' ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>The chain could not be verified</MessageBarTitle>
                {verification.message}
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
