import {
  Body1, Button, Caption1, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Switch, Textarea, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { messages } from '../../../../domain/messages';
import { useOnline } from '../../../app/useOnline';
import { RevokeResults } from './RevokeResults';
import { RevokeTable } from './RevokeTable';
import { REVOKE_DEFAULT_PAGE_SIZE, REVOKE_PAGE_SIZES, REVOKE_SEARCH_LIMIT, defaultFromDate, pageOf } from './revokeRows';
import { TablePager } from './TablePager';
import { useRevokeCandidates } from './useRevokeCandidates';
import { useRevokePermits } from './useRevokePermits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/**
 * /permits/revoke (SPEC §2): tick APPROVED permits, give one reason, revoke them in one request
 * and read per permit whether it worked. The list is the replica's, so it opens offline; the
 * revoke itself needs the server's answer, so it waits for a connection.
 */
export function RevokePermitsPage() {
  const styles = useStyles();
  const online = useOnline();
  const [from, setFrom] = useState(defaultFromDate);
  const [dense, setDense] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(REVOKE_DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [reason, setReason] = useState('');
  const candidates = useRevokeCandidates(from, selected);
  const { sending, outcomes, revoke } = useRevokePermits();

  if (!candidates) return <Spinner label="Loading permits…" />;
  const shown = pageOf(candidates.rows, page, pageSize);
  const chosen = candidates.rows.filter(({ doc }) => selected.has(doc.PermitInstanceId)).map(({ doc }) => doc);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelected(next);
  };
  const togglePage = (ids: readonly string[], select: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (select) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };
  const submit = async () => {
    if (!(await revoke(chosen, reason.trim()))) return;
    setSelected(new Set());
    setReason('');
  };

  return (
    <section className={styles.root}>
      <Title2 as="h1">Revoke Permits</Title2>
      {!online && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>There is no connection to the system</MessageBarTitle>
            Revoking needs a connection: the server answers for each permit whether it was revoked. You can choose the permits and write the reason
            now; Revoke is available again when you are back online.
          </MessageBarBody>
        </MessageBar>
      )}
      <Body1>Choose the APPROVED permits to revoke and give the reason. Each permit is revoked on its own, and the results say which were not and why.</Body1>
      <div className={styles.filters}>
        <Field label="From">
          <Input
            type="date"
            value={from}
            onChange={(_e, d) => {
              setFrom(d.value);
              setPage(0);
            }}
          />
        </Field>
        <Switch label="Dense" checked={dense} onChange={(_e, d) => setDense(d.checked)} />
      </div>
      {candidates.rows.length === 0 ? (
        <Body1>{messages.permits.notFound}</Body1>
      ) : (
        <>
          <RevokeTable rows={shown.rows} selected={selected} dense={dense} onToggle={toggle} onTogglePage={togglePage} />
          <TablePager
            page={shown.page}
            pages={shown.pages}
            pageSize={pageSize}
            pageSizes={REVOKE_PAGE_SIZES}
            total={candidates.rows.length}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
          {candidates.capped && <Caption1>{`Showing the ${REVOKE_SEARCH_LIMIT} most recently changed permits; older ones are left out.`}</Caption1>}
        </>
      )}
      <Field label="Reason" required>
        <Textarea value={reason} onChange={(_e, d) => setReason(d.value)} resize="vertical" />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!online || sending || chosen.length === 0 || !reason.trim()} onClick={() => void submit()}>
          Revoke
        </Button>
        <Caption1>{`${chosen.length} selected`}</Caption1>
        {sending && <Spinner size="tiny" label="Revoking…" />}
      </div>
      {outcomes && <RevokeResults outcomes={outcomes} />}
    </section>
  );
}
