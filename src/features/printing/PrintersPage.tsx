import { useState } from 'react';
import {
  Badge, Button, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import { appearsOffline } from '../../../domain/printing';
import { useAdminOutlet, type AdminSite } from '../admin/adminSites';
import { OnlineOnly } from '../admin/OnlineOnly';
import { NoSite } from '../lists/ListsPage';
import { AddPrinterDialog } from './AddPrinterDialog';
import { useSitePrinters, type SitePrinter } from './useSitePrinters';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  uri: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
});

/** /admin/printers (administrators): the printers of the site's locations with their state now, and Add Printer. */
export function PrintersPage() {
  const { site, administrator } = useAdminOutlet();
  if (!administrator) {
    return (
      <MessageBar intent="info">
        <MessageBarBody>Only administrators can manage printers.</MessageBarBody>
      </MessageBar>
    );
  }
  if (!site) return <NoSite />;
  return (
    <OnlineOnly>
      <SitePrinters key={site.SiteId} site={site} />
    </OnlineOnly>
  );
}

function SitePrinters({ site }: { site: AdminSite }) {
  const styles = useStyles();
  const { state, choices, refresh, added } = useSitePrinters(site.SiteId);
  const [adding, setAdding] = useState(false);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Title2 as="h1">Printers</Title2>
        <span className={styles.buttons}>
          <Button icon={<ArrowClockwiseRegular />} onClick={refresh} disabled={state.loading}>
            Refresh list
          </Button>
          <Button appearance="primary" icon={<AddRegular />} disabled={choices.length === 0} onClick={() => setAdding(true)}>
            Add Printer
          </Button>
        </span>
      </div>
      <Text className={styles.muted}>
        {`The printers at the locations of ${site.name}, each asked for its state now. A printer serves its location and every location below it; devices learn of a new one on their next sync.`}
      </Text>
      {state.loading ? <Spinner size="small" label="Asking the printers for their state…" /> : null}
      {state.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{state.error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {state.printers?.length === 0 ? <Text>This site has no printers yet.</Text> : null}
      {state.printers?.length ? <PrinterTable printers={state.printers} /> : null}
      <AddPrinterDialog open={adding} choices={choices} onAdded={added} onClose={() => setAdding(false)} />
    </div>
  );
}

function PrinterTable({ printers }: { printers: SitePrinter[] }) {
  const styles = useStyles();
  return (
    <Table aria-label="Printers" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Location</TableHeaderCell>
          <TableHeaderCell>URI</TableHeaderCell>
          <TableHeaderCell>State</TableHeaderCell>
          <TableHeaderCell>Colour</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {printers.map((p) => (
          <TableRow key={p.PermitPrinterId}>
            <TableCell>{p.Name}</TableCell>
            <TableCell>{p.location}</TableCell>
            <TableCell className={styles.uri}>{p.Uri ?? ''}</TableCell>
            <TableCell>
              <span className={styles.state}>
                <Badge appearance="tint" color={appearsOffline(p) ? 'warning' : 'success'}>
                  {p.Online ? `Online · ${p.PrinterState}` : `Offline · ${p.PrinterState}`}
                </Badge>
                {/* SPEC §8's details of a printer that is not ready: its message and reasons. */}
                {appearsOffline(p) ? (
                  <Text size={200} className={styles.muted}>
                    {[p.PrinterStateMessage, p.PrinterStateReasons.join(', ')].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
              </span>
            </TableCell>
            <TableCell>{p.SupportsColor ? (p.DefaultColor ? 'Colour (default)' : 'Colour') : 'Black and white'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
