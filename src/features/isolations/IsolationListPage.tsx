import {
  Button, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ISOLATION_STATES, type IsolationCertificate } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { IsolationStateBadge } from './IsolationStateBadge';
import { useIsolations } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
});

/** Whether a certificate matches every word typed: in its reference, equipment or a point's tag. */
export function matchesText(certificate: IsolationCertificate, text: string): boolean {
  const haystack = [certificate.ReferenceId, certificate.Equipment, ...certificate.Points.map((p) => p.Tag)].join('\n').toLowerCase();
  return text.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

/** /isolations: every certificate in the replica, filtered by state and text, newest first. */
export function IsolationListPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data } = useAppData();
  const found = useIsolations();
  const [state, setState] = useState('');
  const [location, setLocation] = useState('');
  const [text, setText] = useState('');
  const shown = useMemo(
    () => (found ?? []).filter(({ doc }) => (!state || doc.State === state) && (!location || String(doc.LocationId) === location) && matchesText(doc, text)),
    [found, state, location, text],
  );
  const title = (id: number) => data.tree.byId.get(id)?.Title ?? String(id);
  // The locations that have certificates, not the whole tree: a filter that can only find something.
  const locations = [...new Set((found ?? []).map(({ doc }) => doc.LocationId))].sort((a, b) => title(a).localeCompare(title(b)));

  return (
    <section className={styles.root}>
      <Title2 as="h1">Isolations</Title2>
      <div className={styles.bar}>
        <Field label="State">
          <Select value={state} onChange={(_e, d) => setState(d.value)}>
            <option value="">All states</option>
            {ISOLATION_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
          </Select>
        </Field>
        <Field label="Location">
          <Select value={location} onChange={(_e, d) => setLocation(d.value)}>
            <option value="">All locations</option>
            {locations.map((id) => <option key={id} value={id}>{title(id)}</option>)}
          </Select>
        </Field>
        <Field label="Filter isolations">
          <Input value={text} placeholder="Reference, equipment or tag" onChange={(_e, d) => setText(d.value)} />
        </Field>
        {data.abilities.permits.edit && <Button appearance="primary" onClick={() => navigate('/isolations/create')}>New isolation certificate</Button>}
      </div>
      {found === undefined ? (
        <Spinner label="Loading the isolations…" />
      ) : shown.length === 0 ? (
        <MessageBar intent="info"><MessageBarBody>No isolation certificates match.</MessageBarBody></MessageBar>
      ) : (
        <Table aria-label="Isolation certificates">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Reference</TableHeaderCell>
              <TableHeaderCell>Equipment</TableHeaderCell>
              <TableHeaderCell>Location</TableHeaderCell>
              <TableHeaderCell>Points</TableHeaderCell>
              <TableHeaderCell>State</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map(({ doc, pending }) => (
              <TableRow key={doc.IsolationCertificateId}>
                <TableCell><AppLink to={`/isolations/${doc.IsolationCertificateId}`}>{doc.ReferenceId}</AppLink>{pending && ' (not synced yet)'}</TableCell>
                <TableCell>{doc.Equipment}</TableCell>
                <TableCell>{title(doc.LocationId)}</TableCell>
                <TableCell>{doc.Points.length}</TableCell>
                <TableCell><IsolationStateBadge state={doc.State} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
