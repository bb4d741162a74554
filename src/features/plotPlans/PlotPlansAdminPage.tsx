import { useMemo, useState } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { fresherLocation, plotPlanAdminRows } from '../../../domain/plotPlanAdmin';
import type { Location } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { useAdminOutlet } from '../admin/adminSites';
import { OnlineOnly } from '../admin/OnlineOnly';
import { NoSite, ReadOnlyNotice } from '../lists/ListsPage';
import { LocationPlotPlanCard } from './LocationPlotPlanCard';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
});

/**
 * /admin/plot-plans: each location of the site with its current plot plan and its versions,
 * and an upload of a new version where the user holds forms edit (issue 11 point 2). Online
 * only: the upload is a server act, and devices get the new version through the sync.
 */
export function PlotPlansAdminPage() {
  const styles = useStyles();
  const { site } = useAdminOutlet();
  const { tree, profile } = useAppData().data;
  // The server's answers to this page's uploads, shown until the sync brings the same.
  const [uploaded, setUploaded] = useState<ReadonlyMap<number, Location>>(new Map());
  const rows = useMemo(() => (site ? plotPlanAdminRows(tree, profile, site.SiteId) : []), [tree, profile, site]);
  if (!site) return <NoSite />;

  return (
    <OnlineOnly>
      <div className={styles.page}>
        <Title2 as="h1">Plot Plans</Title2>
        <Text className={styles.muted}>
          {`The site maps of ${site.name}. A location without a plot plan of its own uses the nearest one above it. A new version becomes current at once and reaches every device on its next sync.`}
        </Text>
        {site.canEdit ? null : <ReadOnlyNotice what="Uploading plot plans" />}
        {rows.length === 0 ? (
          <Text>No location of this site has a plot plan yet.</Text>
        ) : (
          <ul className={styles.list} aria-label="Locations">
            {rows.map((row) => (
              <li key={row.location.LocationId}>
                <LocationPlotPlanCard
                  row={{ ...row, location: fresherLocation(row.location, uploaded.get(row.location.LocationId)) }}
                  onUploaded={(location) => setUploaded((all) => new Map(all).set(location.LocationId, location))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </OnlineOnly>
  );
}
