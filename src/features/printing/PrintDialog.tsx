import {
  Body1, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Spinner, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, PrintRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { messages } from '../../../domain/messages';
import { orderPrinters } from '../../../domain/printing';
import { permitPdf, printPermit } from '../../../replication/printing';
import type { Printer, PrintResult } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { savePrinterPreferences } from './printerPreferences';
import { PrinterStatus } from './PrinterStatus';
import { PrintResultAlert } from './PrintResultAlert';
import { usePrinters } from './usePrinters';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalS },
});

interface Props {
  open: boolean;
  permitId: string;
  reference: string;
  locationId: number;
  /** The location merges attached PDFs into printed permits (MergePdfs). */
  mergePdfs: boolean;
  onClose(): void;
}

/** The print permit dialog (SPEC §2): printer (default first, then favourites), colour, merge, make default; Download PDF. */
export function PrintDialog({ open, permitId, reference, locationId, mergePdfs, onClose }: Props) {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const notify = useNotify();
  const preferences = data.profile.Preferences;
  const state = usePrinters(locationId, open);
  const printers = useMemo(() => (state.status === 'ready' ? orderPrinters(state.printers, preferences.DefaultPrinterId, preferences.FavouritePrinters) : []), [state, preferences]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen: Printer | undefined = printers.find((p) => p.PermitPrinterId === chosenId) ?? printers[0];
  const [color, setColor] = useState<boolean | null>(null);
  const [merge, setMerge] = useState(mergePdfs);
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PrintResult | null>(null);
  const writer = { db, owner: email };
  const useColor = Boolean(chosen?.SupportsColor && (color ?? chosen.DefaultColor));
  const favourite = chosen !== undefined && preferences.FavouritePrinters.includes(chosen.PermitPrinterId);

  const print = async () => {
    if (!chosen) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await printPermit({ PermitInstanceId: permitId, PrinterId: chosen.PermitPrinterId, Color: useColor, Merge: mergePdfs && merge, MakeDefault: makeDefault }));
      if (makeDefault && preferences.DefaultPrinterId !== chosen.PermitPrinterId) {
        await savePrinterPreferences(writer, preferences, { DefaultPrinterId: chosen.PermitPrinterId }, `Make ${chosen.Name} the default printer`);
      }
    } catch (error) {
      notify('error', messages.printing.failed, (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const toggleFavourite = () => {
    if (!chosen) return;
    const next = favourite ? preferences.FavouritePrinters.filter((id) => id !== chosen.PermitPrinterId) : [...preferences.FavouritePrinters, chosen.PermitPrinterId];
    void savePrinterPreferences(writer, preferences, { FavouritePrinters: next }, `${favourite ? 'Remove' : 'Add'} ${chosen.Name} ${favourite ? 'from' : 'to'} favourite printers`);
  };

  const download = async () => {
    try {
      const url = URL.createObjectURL(await permitPdf(permitId, mergePdfs && merge));
      const link = document.createElement('a');
      link.href = url;
      link.download = `permit-${reference}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notify('error', 'There was a problem making the PDF of this permit, please try again.', (error as Error).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Print Permit</DialogTitle>
          <DialogContent className={styles.content}>
            {state.status === 'loading' && <Spinner size="small" label="Asking the printers for their state…" />}
            {state.status === 'failed' && <Body1>{`Printing needs a connection to the system. ${state.message}`}</Body1>}
            {state.status === 'ready' && printers.length === 0 && <Body1>{messages.printing.noPrinters}</Body1>}
            {chosen && (
              <>
                <div className={styles.row}>
                  <Field label="Printer" required>
                    <Dropdown
                      value={chosen.Name}
                      selectedOptions={[String(chosen.PermitPrinterId)]}
                      onOptionSelect={(_e, d) => { setChosenId(Number(d.optionValue)); setColor(null); }}
                    >
                      {printers.map((p) => (
                        <Option key={p.PermitPrinterId} value={String(p.PermitPrinterId)} text={p.Name}>
                          {`${p.Name}${p.PermitPrinterId === preferences.DefaultPrinterId ? ' (default)' : preferences.FavouritePrinters.includes(p.PermitPrinterId) ? ' ★' : ''}`}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Button appearance="subtle" icon={favourite ? <StarFilled /> : <StarRegular />} aria-label={favourite ? 'Remove from favourites' : 'Add to favourites'} aria-pressed={favourite} onClick={toggleFavourite} />
                </div>
                <PrinterStatus printer={chosen} />
                <Checkbox label="Colour" checked={useColor} disabled={!chosen.SupportsColor} onChange={(_e, d) => setColor(Boolean(d.checked))} />
                {mergePdfs && <Checkbox label="Merge attached PDFs" checked={merge} onChange={(_e, d) => setMerge(Boolean(d.checked))} />}
                <Checkbox label="Make this my default printer" checked={makeDefault} disabled={chosen.PermitPrinterId === preferences.DefaultPrinterId} onChange={(_e, d) => setMakeDefault(Boolean(d.checked))} />
              </>
            )}
            {result && <PrintResultAlert result={result} />}
          </DialogContent>
          <DialogActions>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void download()}>Download PDF</Button>
            <Button onClick={onClose}>Close</Button>
            <Button appearance="primary" icon={<PrintRegular />} disabled={!chosen || busy} onClick={() => void print()}>Print</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
