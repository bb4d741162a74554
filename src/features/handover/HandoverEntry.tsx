import { Badge, Body1, Button, Caption1, Field, Input, MessageBar, MessageBarBody, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
// An icon of its own module: one from the package's index would bring its whole group (issue 13).
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useState } from 'react';
import { handoverPdf } from '../../../replication/printing';
import type { Overlaid } from '../../../replication/outboxOverlay';
import type { Handover } from '../../../schemas';
import { useNotify } from '../../app/toaster';
import { saveFile } from '../audit/saveFile';
import { acknowledgeHandover, acknowledgeRefusal, addAddendum } from './handoverWrites';
import { clockOf, shiftWords } from './shiftWords';
import { useHandoverActor } from './useHandover';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  note: { maxWidth: '40rem' },
  handover: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
});

/**
 * One handover of an area's history: the shift, who handed over and who signed, the notes and
 * addenda, with Acknowledge and Add addendum for issuers and the PDF once on the server. `readOnly`
 * for those read from the server past the device's 15 days: not in the replica, so nothing is queued on them.
 */
export function HandoverEntry({ overlaid: { doc, pending }, timeZone, issuer, readOnly = false }: { overlaid: Overlaid<Handover>; timeZone: string; issuer: boolean; readOnly?: boolean }) {
  const styles = useStyles();
  const { writer } = useHandoverActor();
  const notify = useNotify();
  const signed = doc.Acknowledgement;
  const refusal = acknowledgeRefusal(doc, writer.personnelId, issuer);
  const [comment, setComment] = useState('');
  const [addendum, setAddendum] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    const refused = await addAddendum(writer, doc, issuer, addendum ?? '');
    setProblem(refused);
    if (!refused) setAddendum(null);
  };
  const titles = new Map([...doc.Page.OpenPermits, ...doc.Page.AwaitingApproval, ...doc.Page.EndedThisShift].map((p) => [`permit:${p.PermitInstanceId}`, p.Reference]));
  const download = async () => {
    try {
      saveFile(await handoverPdf(doc.HandoverId), `handover-${doc.Shift.Start.slice(0, 10)}-${doc.Shift.Name.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`);
    } catch (error) {
      notify('error', 'There was a problem making the PDF of this handover, please try again.', (error as Error).message);
    }
  };
  return (
    <li className={styles.handover} aria-label={shiftWords(doc.Shift, timeZone)}>
      <div className={styles.row}>
        <Text weight="semibold">{shiftWords(doc.Shift, timeZone)}</Text>
        {signed
          ? <Badge appearance="tint" color="success">{`Acknowledged by ${signed.By.Name} at ${clockOf(signed.By.At, timeZone)}`}</Badge>
          : <Badge appearance="tint" color="warning">Awaiting acknowledgement</Badge>}
        {pending && <Badge appearance="outline" color="informative">Not synced yet</Badge>}
      </div>
      <Caption1>{`Handed over by ${doc.SubmittedBy.Name} at ${clockOf(doc.SubmittedBy.At, timeZone)} · ${doc.Page.OpenPermits.length} open permits`}</Caption1>
      {doc.GeneralNotes && <Body1>{doc.GeneralNotes}</Body1>}
      {doc.ItemNotes.map((n) => <Body1 key={n.ItemId}>{`${titles.get(n.ItemId) ?? n.ItemId}: ${n.Note}`}</Body1>)}
      {doc.Addenda.map((a) => <Body1 key={a.AddendumId}>{`Addendum by ${a.By.Name} at ${clockOf(a.By.At, timeZone)}: ${a.Text}`}</Body1>)}
      {signed?.Comment && <Body1>{`${signed.By.Name}: ${signed.Comment}`}</Body1>}
      {!readOnly && !signed && refusal && issuer && <Caption1>{refusal}</Caption1>}
      {problem && <MessageBar intent="error" role="alert"><MessageBarBody>{problem}</MessageBarBody></MessageBar>}
      {addendum !== null && (
        <Field label="Addendum" hint="A correction or addition: the handover itself stays as submitted" className={styles.note}>
          <Textarea value={addendum} onChange={(_e, d) => setAddendum(d.value)} />
        </Field>
      )}
      <div className={styles.row}>
        {!readOnly && !signed && !refusal && (
          <>
            <Input className={styles.note} aria-label="Comment with your signature" placeholder="Comment (optional)" value={comment} onChange={(_e, d) => setComment(d.value)} />
            <Button appearance="primary" onClick={() => void acknowledgeHandover(writer, doc, issuer, comment).then(setProblem)}>Acknowledge</Button>
          </>
        )}
        {!readOnly && issuer && (addendum === null
          ? <Button onClick={() => setAddendum('')}>Add addendum</Button>
          : <Button onClick={() => void add()}>Save addendum</Button>)}
        {/* The PDF is made by the server from its copy: one not synced yet has none there. */}
        {!pending && <Button icon={<ArrowDownloadRegular />} onClick={() => void download()}>Download PDF</Button>}
      </div>
    </li>
  );
}
