import { useState } from 'react';
import { Badge, Body1, Button, Card, CardFooter, CardHeader, Text } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useAppData } from '../../app/startup/appData';
import { LocationPickerDialog } from '../locations/LocationPickerDialog';
import { useCardStyles } from './styles';

/** The home location: where permits are managed by default and abilities are computed. */
export function HomeLocationCard() {
  const styles = useCardStyles();
  const { data, preferencesPending } = useAppData();
  const { homeLocation } = data;
  const [open, setOpen] = useState(false);
  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Text weight="semibold">Home Location</Text>}
        action={
          preferencesPending ? (
            <Badge appearance="tint" color="warning">
              Pending
            </Badge>
          ) : undefined
        }
      />
      <dl className={styles.fields}>
        <dt className={styles.term}>Location</dt>
        <dd className={styles.value}>
          <Body1>{homeLocation?.Title ?? 'Not set'}</Body1>
        </dd>
        {homeLocation ? (
          <>
            <dt className={styles.term}>Location id</dt>
            <dd className={styles.value}>
              <Body1>{homeLocation.LocationId}</Body1>
            </dd>
            <dt className={styles.term}>Site id</dt>
            <dd className={styles.value}>
              <Body1>{homeLocation.SiteId}</Body1>
            </dd>
          </>
        ) : null}
      </dl>
      <CardFooter>
        <Button icon={<LocationRegular />} onClick={() => setOpen(true)}>
          Update Home Location
        </Button>
      </CardFooter>
      <LocationPickerDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
