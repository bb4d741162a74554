import { useRef, useState } from 'react';
import {
  Badge, Button, Card, CardHeader, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import { plotPlanFileRefusal, plotPlanFileType, type PlotPlanAdminRow } from '../../../domain/plotPlanAdmin';
import { uploadPlotPlan } from '../../../replication/plotPlans';
import { PLOT_PLAN_TYPES, type Location } from '../../../schemas';
import { useNotify } from '../../app/toaster';
import { readBase64 } from '../attachments/attachmentWrites';
import { PlotPlanScaleDialog } from '../simops/PlotPlanScaleDialog';
import { usePlotPlanImage } from './usePlotPlanImage';

const useStyles = makeStyles({
  body: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  // The sheet's own proportions (SPEC §9: 660 by 1020).
  thumbnail: {
    width: '255px',
    height: '165px',
    flex: '0 0 auto',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  image: { width: '100%', height: '100%', objectFit: 'contain' },
  versions: { flex: '1 1 280px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
  // The header gives its action what is left of the title: keep the label on one line.
  upload: { whiteSpace: 'nowrap' },
});

/** A small picture of one version, loaded like the maps load it (from the device, else the server with the token). */
function Thumbnail({ location, version }: { location: Location; version: number }) {
  const styles = useStyles();
  const image = usePlotPlanImage(location.LocationId, version);
  return (
    <div className={styles.thumbnail}>
      {image.status === 'ready' ? (
        <img className={styles.image} src={image.url} alt={`${location.Title} plot plan, version ${version}`} />
      ) : image.status === 'loading' ? (
        <Spinner size="small" label="Loading…" />
      ) : (
        <Text size={200} className={styles.muted}>{messages.plotPlans.loadFailed}</Text>
      )}
    </div>
  );
}

/** What the card's header says under the location's title. */
function summary({ location, coveredBy }: PlotPlanAdminRow): string {
  const current = location.PlotPlans.find((p) => p.Version === location.CurrentPlotPlan);
  if (current) return `Current: version ${current.Version} · ${current.FileName}`;
  if (coveredBy) return `No plot plan of its own: its maps use ${coveredBy.Title}'s.`;
  return 'No plot plan yet.';
}

/** One location of the Plot Plans page: its current plot plan, its versions and the upload of a new one. */
export function LocationPlotPlanCard({ row, onUploaded }: { row: PlotPlanAdminRow; onUploaded: (location: Location) => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { location } = row;
  const versions = [...location.PlotPlans].sort((a, b) => b.Version - a.Version);
  const current = location.CurrentPlotPlan;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refusal = plotPlanFileRefusal(file);
    const ContentType = plotPlanFileType(file);
    if (refusal || !ContentType) {
      notify('error', messages.plotPlans.uploadFailed, refusal ?? undefined);
      return;
    }
    setBusy(true);
    try {
      const updated = await uploadPlotPlan({ LocationId: location.LocationId, FileName: file.name, ContentType, Data: await readBase64(file) });
      onUploaded(updated);
      notify('success', messages.plotPlans.uploaded, `Version ${updated.CurrentPlotPlan} of ${updated.Title} is current.`);
    } catch (error) {
      // The server's sentence: not an image of that type, a script in the SVG, no permission, too large.
      notify('error', messages.plotPlans.uploadFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card role="group" aria-label={location.Title} style={{ marginLeft: `calc(${row.depth} * ${tokens.spacingHorizontalXXL})` }}>
      <CardHeader
        header={<Text as="h2" weight="semibold" size={400}>{location.Title}</Text>}
        description={<Text size={200} className={styles.muted}>{summary(row)}</Text>}
        action={
          row.canUpload ? (
            <>
              {/* SIMOPS distances are measured on the plan in use (issue 38). */}
              {current !== null && <PlotPlanScaleDialog location={location} />}
              <input
                ref={input}
                className={styles.hidden}
                type="file"
                accept={PLOT_PLAN_TYPES.join(',')}
                aria-label={`Plot plan file for ${location.Title}`}
                onChange={(e) => {
                  void upload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button
                className={styles.upload}
                icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={busy}
                // Starts with the visible text, which speech input users say to press it (WCAG 2.5.3).
                aria-label={`${busy ? 'Uploading…' : 'Upload new version'} for ${location.Title}`}
                onClick={() => input.current?.click()}
              >
                {busy ? 'Uploading…' : 'Upload new version'}
              </Button>
            </>
          ) : undefined
        }
      />
      {versions.length > 0 ? (
        <div className={styles.body}>
          {current !== null ? <Thumbnail location={location} version={current} /> : null}
          <Table className={styles.versions} size="small" aria-label={`${location.Title} plot plan versions`}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Version</TableHeaderCell>
                <TableHeaderCell>File Name</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {versions.map((plan) => (
                <TableRow key={plan.Version}>
                  <TableCell>{plan.Version}</TableCell>
                  <TableCell>{plan.FileName}</TableCell>
                  <TableCell>
                    {plan.Version === current ? (
                      <Badge appearance="tint" color="success">Current</Badge>
                    ) : (
                      <Text size={200} className={styles.muted}>Previous</Text>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </Card>
  );
}
