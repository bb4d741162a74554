import { Body1, Button, Caption1, Field, MessageBar, MessageBarBody, Subtitle2, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ClockRegular } from '@fluentui/react-icons/svg/clock';
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { useState } from 'react';
import { clockTime } from '../../../domain/gasTests/retest';
import { groupsOf } from '../../../domain/permits/approvals';
import type { GasReading, Permit } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { ActionWithReason } from '../isolations/ActionWithReason';
import { gasStatus } from './gasStatus';
import { recordReading, resumeRefusal, resumeWork, type WriteResult } from './gasTestWrites';
import { ReadingForm } from './ReadingForm';
import { ReadingsTable } from './ReadingsTable';
import { SuspendAreaForm } from './SuspendAreaForm';
import { useGasWriter, usePermitGasTests } from './useGasTests';
import { useNow } from './useNow';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  banner: { fontWeight: tokens.fontWeightSemibold },
  line: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  resume: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '560px' },
});

/**
 * The permit page's Gas tests panel (issue 37): the red banner while the work is stopped, with
 * Resume work for an issuer; when the next test is due; the readings, newest first; the entry
 * form; and Suspend all work. Worked out on the device from the replica and the clock, offline too.
 */
export function GasTestsPanel({ permit, canEdit }: { permit: Permit; canEdit: boolean }) {
  const styles = useStyles();
  const found = usePermitGasTests(permit.PermitInstanceId, permit.SiteId);
  const now = useNow();
  const writer = useGasWriter();
  const { data } = useAppData();
  const [correcting, setCorrecting] = useState<GasReading | null>(null);
  const [comment, setComment] = useState('');
  const [stopping, setStopping] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!found) return null;
  const tests = found.doc;
  const status = gasStatus(permit, tests, found.settings, now);
  if (!status.rules.required && tests.Readings.length === 0) return null;

  const actor = {
    edit: canEdit,
    issuer: groupsOf(data.profile.PersonnelId, permit.PermitInstanceMetadataJSON.UsersOfGroupList).size > 0,
    locationTitle: data.tree.byId.get(permit.LocationId)?.Title ?? String(permit.LocationId),
  };
  const record = async (input: Parameters<typeof recordReading>[3]): Promise<WriteResult> => {
    const refused = await recordReading(writer, permit, status, input, tests.Readings);
    if (!refused) setCorrecting(null);
    return refused;
  };
  const resume = async () => {
    const refused = await resumeWork(writer, permit, tests, status, actor, comment);
    setRefusal(refused);
    if (!refused) setComment('');
  };
  const by = status.suspension?.SuspendedBy;

  return (
    <section className={styles.root} aria-label="Gas tests">
      <div className={styles.heading}>
        <Subtitle2 as="h2">Gas tests</Subtitle2>
        {found.pending && <Caption1>Not synced yet</Caption1>}
      </div>
      {status.stopped && (
        <MessageBar intent="error" layout="multiline" aria-label="Work suspended">
          <MessageBarBody>
            <span className={styles.banner}>{`Work suspended: ${status.stopped}`}</span>
            {by && <Caption1 block>{`Stopped by ${by.Name} at ${clockTime(new Date(by.At), status.timeZone)}. Work resumes after a passing reading and an issuer's Resume work.`}</Caption1>}
          </MessageBarBody>
        </MessageBar>
      )}
      {status.suspension && actor.edit && actor.issuer && (
        <div className={styles.resume}>
          <Field label="Why can the work go on?" required>
            <Textarea value={comment} onChange={(_e, d) => setComment(d.value)} placeholder="Ventilated 20 minutes; retested clean at every point." />
          </Field>
          <ActionWithReason label="Resume work" refusal={resumeRefusal(permit, tests, status, actor)} onAct={() => void resume()} />
        </div>
      )}
      {status.retest && (
        <Body1 className={status.overdue ? styles.overdue : undefined}>
          <span className={styles.line}>
            {status.overdue ? <WarningRegular aria-hidden="true" /> : <ClockRegular aria-hidden="true" />}
            {status.retest}
          </span>
        </Body1>
      )}
      {status.gate && <MessageBar intent="warning"><MessageBarBody>{status.gate}</MessageBarBody></MessageBar>}
      {tests.Readings.length === 0 ? (
        <Body1>No gas test is recorded for this permit.</Body1>
      ) : (
        <ReadingsTable readings={tests.Readings} limits={status.rules.limits} timeZone={status.timeZone} onCorrect={canEdit ? setCorrecting : undefined} />
      )}
      {canEdit && (
        <ReadingForm
          key={correcting?.ReadingId ?? 'new'}
          limits={status.rules.limits}
          last={tests.Readings.at(-1) ?? null}
          correcting={correcting}
          onCancelCorrection={() => setCorrecting(null)}
          onRecord={record}
        />
      )}
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      {canEdit && (
        stopping ? (
          <SuspendAreaForm locationId={permit.LocationId} onDone={() => setStopping(false)} />
        ) : (
          <div>
            <Button icon={<WarningRegular />} onClick={() => setStopping(true)}>Suspend all work…</Button>
          </div>
        )
      )}
    </section>
  );
}
