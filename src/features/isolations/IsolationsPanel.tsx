import { Body1, Combobox, Field, MessageBar, MessageBarBody, Option, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { interlock } from '../../../domain/isolations/interlock';
import type { Permit, PermitState } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { ActionWithReason } from './ActionWithReason';
import { IsolationStateBadge } from './IsolationStateBadge';
import { matchesText } from './IsolationListPage';
import { namedBy } from './isolationQueries';
import { linkPermit, unlinkPermit, type WriteResult } from './isolationWrites';
import { useIsolationActor, useIsolations } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** States before approval: the permit's isolations may still change, and must all be VERIFIED for it to be approved. */
const BEFORE_APPROVAL: readonly PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING'];

/**
 * The permit page's Isolations panel: each certificate the permit relies on with its state, a
 * warning while one is not VERIFIED, and a picker to name one more or drop one (from the replica, offline too).
 */
export function IsolationsPanel({ permit, canEdit }: { permit: Permit; canEdit: boolean }) {
  const styles = useStyles();
  const found = useIsolations();
  const { writer } = useIsolationActor();
  const [query, setQuery] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!found) return null;
  const facts = { PermitInstanceId: permit.PermitInstanceId, PermitInstanceReferenceId: permit.PermitInstanceReferenceId, State: permit.State as PermitState };
  const named = namedBy(found, permit.PermitInstanceId).map(({ doc }) => doc);
  const unverified = named.filter((c) => c.State !== 'VERIFIED');
  const candidates = found
    .map(({ doc }) => doc)
    .filter((c) => c.SiteId === permit.SiteId && !named.includes(c) && ['PLANNED', 'ISOLATED', 'VERIFIED'].includes(c.State) && matchesText(c, query));
  const act = async (write: Promise<WriteResult>) => setRefusal(await write);
  const warning = BEFORE_APPROVAL.includes(facts.State)
    ? interlock({ action: 'approvePermit', permit: facts, certificates: unverified })
    : unverified.length > 0 && `This permit relies on isolations not in force as VERIFIED: ${unverified.map((c) => `${c.ReferenceId} (${c.State})`).join(', ')}.`;

  return (
    <section className={styles.root} aria-label="Isolations">
      <Subtitle2 as="h2">Isolations</Subtitle2>
      {named.length === 0 && <Body1>This permit names no isolation certificate.</Body1>}
      {named.map((c) => (
        <div key={c.IsolationCertificateId} className={styles.item} aria-label={`Isolation certificate ${c.ReferenceId}`}>
          <AppLink to={`/isolations/${c.IsolationCertificateId}`}>{c.ReferenceId}</AppLink>
          <Body1>{c.Equipment}</Body1>
          <IsolationStateBadge state={c.State} />
          {canEdit && <ActionWithReason label="Unlink" refusal={interlock({ action: 'unlinkPermit', permit: facts, certificate: c })} onAct={() => void act(unlinkPermit(writer, c, facts))} />}
        </div>
      ))}
      {warning && <MessageBar intent="warning"><MessageBarBody>{warning}</MessageBarBody></MessageBar>}
      {canEdit && BEFORE_APPROVAL.includes(facts.State) && (
        <Field label="Link an isolation certificate" hint="Search by reference, equipment or tag">
          <Combobox
            freeform
            value={query}
            placeholder="IC-2026-…, 10-P-101, MCC-3-B12"
            onChange={(event) => setQuery(event.target.value)}
            onOptionSelect={(_e, d) => {
              const chosen = candidates.find((c) => c.IsolationCertificateId === d.optionValue);
              setQuery('');
              if (chosen) void act(linkPermit(writer, chosen, facts));
            }}
          >
            {candidates.map((c) => (
              <Option key={c.IsolationCertificateId} value={c.IsolationCertificateId} text={`${c.ReferenceId} ${c.Equipment}`}>
                {`${c.ReferenceId} — ${c.Equipment} (${c.State})`}
              </Option>
            ))}
          </Combobox>
        </Field>
      )}
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
    </section>
  );
}
