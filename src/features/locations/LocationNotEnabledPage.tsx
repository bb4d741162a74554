import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useAppData } from '../../app/startup/appData';
import { LocationPickerDialog } from './LocationPickerDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
});

/**
 * Where every guarded route leads while the home location is missing or disabled (SPEC §4).
 * Once the home location is enabled again — an administrator enabled it, or a refused change of
 * home location was rolled back to an enabled one, or the user chose another here — the page
 * would no longer be true: the user goes to the dashboard.
 */
export function LocationNotEnabledPage() {
  const styles = useStyles();
  const { homeLocation, homeEnabled } = useAppData().data;
  const [open, setOpen] = useState(false);
  if (homeEnabled) return <Navigate to="/" replace />;
  return (
    <section className={styles.root}>
      <Title2 as="h1">Location Not Enabled</Title2>
      <Body1>
        {homeLocation
          ? `Your home location, ${homeLocation.Title}, is not enabled for OpenPermit.`
          : 'Your home location is not enabled for OpenPermit.'}{' '}
        Select another home location to continue.
      </Body1>
      <Button appearance="primary" icon={<LocationRegular />} onClick={() => setOpen(true)}>
        Select Preferred Home Location
      </Button>
      <LocationPickerDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
