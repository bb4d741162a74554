import { Button, Field, MessageBar, MessageBarBody, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { abilitiesAt } from '../../../domain/abilities';
import { ancestorsAndSelf, descendantsAndSelf } from '../../../domain/locations';
import { useAppData } from '../../app/startup/appData';
import { permits$ } from '../permits/permitQueries';
import { allGasTests$ } from './gasTestQueries';
import { suspendArea } from './gasTestWrites';
import { useGasWriter } from './useGasTests';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '560px' },
});

/**
 * Suspend all work at the permit's area or one above it (an alarm, a gas release, the weather):
 * where the user has permits.edit. The permits there are read once, when it is done: the page does
 * not follow every permit while it is open.
 */
export function SuspendAreaForm({ locationId, onDone }: { locationId: number; onDone(): void }) {
  const styles = useStyles();
  const writer = useGasWriter();
  const { data } = useAppData();
  const { profile, tree } = data;
  const areas = ancestorsAndSelf(tree, locationId).filter((id) => abilitiesAt(profile, tree, id).permits.edit);
  const [area, setArea] = useState(areas[0] ?? locationId);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const suspend = async () => {
    const inArea = new Set(descendantsAndSelf(tree, area));
    const [permits, tests] = await Promise.all([firstValueFrom(permits$(writer.db, writer.owner)), firstValueFrom(allGasTests$(writer.db, writer.owner))]);
    const held = permits
      .filter(({ doc }) => inArea.has(doc.LocationId))
      .map(({ doc }) => ({ PermitInstanceId: doc.PermitInstanceId, State: doc.State, suspended: tests.get(doc.PermitInstanceId)?.doc.Suspended ?? false }));
    const title = tree.byId.get(area)?.Title ?? String(area);
    const refused = await suspendArea(writer, { LocationId: area, Title: title, edit: abilitiesAt(profile, tree, area).permits.edit }, held, reason);
    setRefusal(refused);
    if (!refused) onDone();
  };

  return (
    <form className={styles.root} aria-label="Suspend all work" onSubmit={(e) => { e.preventDefault(); void suspend(); }}>
      <Field label="Area" hint="Every APPROVED permit there and below it stops at once; each resumes on its own.">
        <Select value={String(area)} onChange={(_e, d) => setArea(Number(d.value))}>
          {areas.map((id) => <option key={id} value={id}>{tree.byId.get(id)?.Title ?? id}</option>)}
        </Select>
      </Field>
      <Field label="Reason" required>
        <Textarea value={reason} onChange={(_e, d) => setReason(d.value)} placeholder="Gas alarm, gas release, lightning…" />
      </Field>
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      <div>
        <Button type="submit" appearance="primary">Suspend all work</Button>
      </div>
    </form>
  );
}
