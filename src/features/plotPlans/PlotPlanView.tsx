import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, useMemo } from 'react';
import { messages } from '../../../domain/messages';
import { plotPlanFor } from '../../../domain/plotPlans';
import { useAppData } from '../../app/startup/appData';
import type { PlotPlanMapProps } from './PlotPlanMap';
import { usePlotPlanImage } from './usePlotPlanImage';

// Leaflet (~150 kB with its CSS) loads with the first map shown, not with the app.
const PlotPlanMap = lazy(() => import('./PlotPlanMap'));

export type PlotPlanViewProps = Omit<PlotPlanMapProps, 'imageUrl' | 'plan'> & {
  /** The location whose plot plan to show: its own, else its nearest ancestor's. */
  locationId: number | null;
};

/**
 * The plot plan covering a location, loaded with the user's token and kept on the device; SPEC
 * §8's 'There was a problem loading the site map at this location' when the location has none
 * or the image cannot be had (offline before the device could fetch it, or refused).
 */
export function PlotPlanView({ locationId, ...map }: PlotPlanViewProps) {
  const { tree } = useAppData().data;
  const found = useMemo(() => (locationId === null ? undefined : plotPlanFor(tree, locationId)), [tree, locationId]);
  const plan = found?.location.PlotPlans.find((p) => p.Version === found.version);
  const image = usePlotPlanImage(found?.location.LocationId, found?.version);
  if (!plan || image.status === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{messages.plotPlans.loadFailed}</MessageBarBody>
      </MessageBar>
    );
  }
  const loading = <Spinner label="Loading the site map…" />;
  if (image.status === 'loading') return loading;
  return (
    <Suspense fallback={loading}>
      <PlotPlanMap imageUrl={image.url} plan={plan} {...map} />
    </Suspense>
  );
}
