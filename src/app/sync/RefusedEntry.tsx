import {
  Body1,
  Button,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, CopyRegular, DismissRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import type { OutboxEntry } from '../../../schemas';
import { useNotify } from '../toaster';

const useStyles = makeStyles({
  content: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    maxHeight: '240px',
    overflow: 'auto',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

/** The body as text, with a file's content (an attachment) named by its size instead of printed. */
const readable = (body: unknown) =>
  JSON.stringify(body ?? null, (key, value: unknown) => (key === 'Content' && typeof value === 'string' && value.length > 2000 ? `<file content, ${Math.floor((value.length * 3) / 4)} bytes>` : value), 2);

/** Everything about a refused change, as text: what a user pastes into a mail to the service desk or back into a form. */
export function describeRefusal(entry: OutboxEntry): string {
  const request = { method: entry.method, path: `/api${entry.path}`, body: entry.body };
  return JSON.stringify({ change: entry.label, refusal: entry.lastError, madeAt: entry.createdAt, request }, null, 2);
}

interface RefusedEntryProps {
  entry: OutboxEntry;
  onRetry(): void;
  onDismiss(): void;
}

/** One change the server refused: what it was, why it was refused, its content, and what the user can do. */
export function RefusedEntry({ entry, onRetry, onDismiss }: RefusedEntryProps) {
  const styles = useStyles();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(describeRefusal(entry));
      notify('success', 'Copied to the clipboard');
    } catch (error) {
      // SPEC §8: the failure is reported with the details, so they are not lost with the clipboard.
      console.error(messages.clipboard.failed, error, describeRefusal(entry));
      notify('error', messages.clipboard.failed);
    }
  };

  return (
    <Card role="group" aria-label={entry.label}>
      <CardHeader
        header={<Text weight="semibold">{entry.label}</Text>}
        description={<Caption1>Made {new Date(entry.createdAt).toLocaleString()}</Caption1>}
      />
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{entry.lastError ?? 'The server refused this change.'}</MessageBarBody>
      </MessageBar>
      <Body1>
        {entry.method} /api{entry.path}
      </Body1>
      <pre className={styles.content} aria-label="Content">
        {readable(entry.body)}
      </pre>
      <CardFooter>
        <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
          Retry
        </Button>
        <Button icon={<CopyRegular />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button appearance="subtle" icon={<DismissRegular />} onClick={onDismiss}>
          Dismiss
        </Button>
      </CardFooter>
    </Card>
  );
}
