import {
  Body1, Button, Dropdown, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Option, Spinner, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { messages } from '../../../domain/messages';
import { AppLink } from '../../app/AppLink';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useOnline } from '../../app/useOnline';
import { locationMetadata$ } from '../permits/permitQueries';
import { WorkOrderCard } from './WorkOrderCard';
import { useWorkOrderSearch } from './useWorkOrderSearch';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(200px, 260px) 1fr', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const today = () => new Date().toISOString().slice(0, 10);

/** /workorders/search (SPEC §2): the server's search beyond the device's window; online only. */
export function WorkOrderSearchPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data } = useAppData();
  const online = useOnline();
  const home = data.homeLocation;
  const metadata = useObservable(useMemo(() => locationMetadata$(db, home?.LocationId ?? null), [db, home]), null);
  const search = useWorkOrderSearch(home?.SiteId ?? data.profile.SiteId);
  const [text, setText] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [status, setStatus] = useState<string[]>([]);
  const [searched, setSearched] = useState(false);
  const filter = { fromDate: fromDate || undefined, toDate: toDate || undefined, status };
  const go = () => {
    setSearched(true);
    void search.run(text, filter, 0);
  };
  const clear = () => {
    setFromDate('');
    setToDate('');
    setStatus([]);
  };

  if (!online) {
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Searching work orders needs a connection</MessageBarTitle>
          The search runs on the OpenPermit server. Offline, the work orders on this device are in{' '}
          <AppLink to="/workorders/list">Current Workorders</AppLink>
          .
        </MessageBarBody>
      </MessageBar>
    );
  }

  return (
    <section className={styles.root}>
      <aside className={styles.side} aria-label="Filters">
        <Field label="From date">
          <Input type="date" value={fromDate} max={today()} onChange={(_e, d) => setFromDate(d.value)} />
        </Field>
        <Field label="To date">
          <Input type="date" value={toDate} onChange={(_e, d) => setToDate(d.value)} />
        </Field>
        <Field label="Status">
          <Dropdown multiselect placeholder="Any status" selectedOptions={status} value={status.join(', ')} onOptionSelect={(_e, d) => setStatus(d.selectedOptions)}>
            {(metadata?.WorkOrders.AvailableStatuses ?? []).map((s) => <Option key={s} value={s}>{s}</Option>)}
          </Dropdown>
        </Field>
        <div className={styles.buttons}>
          <Button appearance="primary" onClick={go}>Search</Button>
          <Button onClick={clear}>Clear Filters</Button>
        </div>
      </aside>
      <div className={styles.main}>
        <Title2 as="h1">Search Workorders</Title2>
        <Field label="Contains text" hint={messages.workOrders.searchHint}>
          <Input value={text} onChange={(_e, d) => setText(d.value)} onKeyDown={(e) => e.key === 'Enter' && go()} />
        </Field>
        {search.failed && <MessageBar intent="error"><MessageBarBody>{messages.workOrders.listFailed}</MessageBarBody></MessageBar>}
        {search.total !== null && <Body1 role="status">{`${search.total} matches found`}</Body1>}
        {searched && search.total === 0 && <Body1>{messages.workOrders.noSearchMatch}</Body1>}
        {search.results.map((w) => <WorkOrderCard key={`${w.siteId}:${w.workOrderNumber}`} workOrder={w} />)}
        {search.loading && <Spinner label="Searching…" />}
        {!search.loading && search.total !== null && search.results.length < search.total && (
          <Button onClick={() => void search.run(text, filter, search.results.length)}>Load more</Button>
        )}
      </div>
    </section>
  );
}
