import {
  Body1, Button, Checkbox, Dropdown, MessageBar, MessageBarBody, Option, Spinner, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { PERMIT_SCOPE_DAYS } from '../../../domain/replicaScope';
import { useAppData } from '../../app/startup/appData';
import { useOnline } from '../../app/useOnline';
import { CSV_FILE_NAME, reportCsv, reportRows, statesOf, statesShown, withSuspended, type ReportScope } from './reportData';
import { ReportTable } from './ReportTable';
import { StateBarChart } from './StateBarChart';
import { usePermitsByState } from './usePermitsByState';
import { useSuspendedByLocation } from './useSuspendedByLocation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
});

const SCOPES: Record<ReportScope, string> = { open: 'Open Permits', all: 'All Permits' };

/** Hands the CSV to the browser as a download (the report is on screen already: nothing to fetch). */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: CSV_FILE_NAME });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** /reports/open-permits (SPEC §2): permits by state per location, as a chart and a table, exportable for Excel. */
export function OpenPermitsReportPage() {
  const styles = useStyles();
  const { data } = useAppData();
  const online = useOnline();
  const [grouped, setGrouped] = useState(true);
  const [scope, setScope] = useState<ReportScope>('open');
  const states = statesOf(scope);
  const { data: loaded, error, loading } = usePermitsByState(states, online);
  const { homeLocation, companyName, tree } = data;
  const suspendedAt = useSuspendedByLocation();
  const rows = useMemo(
    () => (loaded ? withSuspended(reportRows(loaded.report, tree, grouped, homeLocation ?? { LocationId: 0, Title: companyName }), suspendedAt, grouped) : []),
    [loaded, tree, grouped, homeLocation, companyName, suspendedAt],
  );
  const columns = useMemo(() => statesShown(rows, states), [rows, states]);

  return (
    <section className={styles.root}>
      <Title2 as="h1">Permits by State</Title2>
      <div className={styles.controls}>
        <Checkbox label="Group by Location" checked={grouped} onChange={(_e, d) => setGrouped(d.checked === true)} />
        <Dropdown
          aria-label="Permits to count"
          value={SCOPES[scope]}
          selectedOptions={[scope]}
          onOptionSelect={(_e, d) => setScope(d.optionValue as ReportScope)}
        >
          {(Object.keys(SCOPES) as ReportScope[]).map((key) => (
            <Option key={key} value={key}>
              {SCOPES[key]}
            </Option>
          ))}
        </Dropdown>
        <Button icon={<ArrowDownloadRegular />} disabled={rows.length === 0} onClick={() => download(reportCsv(rows, columns))}>
          Export to Excel CSV
        </Button>
      </div>
      {loaded && (
        <MessageBar intent={loaded.source === 'server' ? 'info' : 'warning'}>
          <MessageBarBody>
            {loaded.source === 'server'
              ? `Counts from the server, every permit you may view, as of ${loaded.at.toLocaleTimeString()}.`
              : `Working offline: counts from the permits on this device (the last ${PERMIT_SCOPE_DAYS} days' and every open one), as of ${loaded.at.toLocaleTimeString()}.`}
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {loading && !loaded ? (
        <Spinner label="Counting permits…" />
      ) : rows.length === 0 ? (
        <Body1>No permits to report.</Body1>
      ) : (
        <>
          <StateBarChart rows={rows} states={columns} />
          <ReportTable rows={rows} states={columns} />
        </>
      )}
    </section>
  );
}
