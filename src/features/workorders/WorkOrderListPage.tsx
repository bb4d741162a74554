import { Body1, Button, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WORK_ORDER_LIST_PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { isActiveWorkOrder, matchesListFilter } from '../../../domain/workOrders';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { locationMetadata$ } from '../permits/permitQueries';
import { PlanningHints, planningPermits } from '../simops/PlanningHints';
import { useSimops } from '../simops/useSimops';
import { WorkOrderCard } from './WorkOrderCard';
import { windowWorkOrders$ } from './workOrderQueries';
import { NO_MATCH_PREFIX, NO_MATCH_SUFFIX } from './workOrderTexts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** /workorders/list (SPEC §2): the device's work orders, filtered and paged; works offline. */
export function WorkOrderListPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data } = useAppData();
  const navigate = useNavigate();
  const top = useRef<HTMLDivElement>(null);
  const homeId = data.homeLocation?.LocationId ?? null;
  const metadata = useObservable(useMemo(() => locationMetadata$(db, homeId), [db, homeId]), null);
  const all = useObservable(useMemo(() => windowWorkOrders$(db), [db]), undefined);
  // The SIMOPS planning hint: scheduled orders beside open permits, from the replica's clashes (issue 38 §6).
  const simops = useSimops();
  const planning = useMemo(() => (simops ? planningPermits(simops) : []), [simops]);
  const [text, setText] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  const [page, setPage] = useState(0);
  if (!all) return <Spinner label="Loading work orders…" />;
  if (all === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{messages.workOrders.listFailed}</MessageBarBody>
      </MessageBar>
    );
  }

  const shown = all.filter((w) => matchesListFilter(w, text, statuses));
  const pages = Math.max(1, Math.ceil(shown.length / WORK_ORDER_LIST_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const active = metadata?.WorkOrders.ActiveStatuses ?? [];
  const options = metadata?.WorkOrders.AvailableStatuses ?? [...new Set(all.flatMap((w) => w.workOrderStatus))];
  const goTo = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const reset = () => {
    setText('');
    setStatuses([]);
    setPage(0);
  };

  return (
    <section className={styles.root}>
      <div ref={top}>
        <Title2 as="h1">Current Workorders</Title2>
      </div>
      <div className={styles.filters}>
        <Field label="Contains Text">
          <Input value={text} onChange={(_e, d) => { setText(d.value); setPage(0); }} />
        </Field>
        <Field label="Status">
          <Dropdown
            multiselect
            placeholder="Any status"
            selectedOptions={statuses}
            value={statuses.join(', ')}
            onOptionSelect={(_e, d) => { setStatuses(d.selectedOptions); setPage(0); }}
          >
            {options.map((s) => <Option key={s} value={s}>{s}</Option>)}
          </Dropdown>
        </Field>
      </div>
      {shown.length === 0 && (
        <Body1>
          {NO_MATCH_PREFIX}
          <Link as="button" onClick={reset}>click here</Link>
          {NO_MATCH_SUFFIX}
        </Body1>
      )}
      <div className={styles.cards}>
        {shown.slice(current * WORK_ORDER_LIST_PAGE_SIZE, (current + 1) * WORK_ORDER_LIST_PAGE_SIZE).map((w) => (
          <WorkOrderCard
            key={w.workOrderNumber}
            workOrder={w}
            onCreatePermit={data.abilities.permits.edit && isActiveWorkOrder(w, active) ? () => navigate('/permits/create', { state: { workOrder: w } }) : undefined}
            hint={simops && <PlanningHints order={w} view={simops} permits={planning} now={Date.now()} />}
          />
        ))}
      </div>
      {shown.length > 0 && (
        <nav className={styles.pager} aria-label="Pages">
          <Button disabled={current === 0} onClick={() => goTo(current - 1)}>Previous</Button>
          <Body1>{`Page ${current + 1} of ${pages}`}</Body1>
          <Button disabled={current >= pages - 1} onClick={() => goTo(current + 1)}>Next</Button>
        </nav>
      )}
    </section>
  );
}
