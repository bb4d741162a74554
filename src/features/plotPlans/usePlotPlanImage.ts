import { useEffect, useState } from 'react';
import { plotPlanImage } from '../../../replication/plotPlans';

export type PlotPlanImage = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The image of one plot plan version as an object URL (from the device when it holds it, else
 * the server), released when the screen no longer shows it.
 */
export function usePlotPlanImage(locationId: number | undefined, version: number | undefined): PlotPlanImage {
  const key = locationId === undefined || version === undefined ? null : `${locationId}/${version}`;
  const [image, setImage] = useState<{ key: string | null; image: PlotPlanImage }>({ key, image: { status: 'loading' } });
  useEffect(() => {
    if (locationId === undefined || version === undefined) return;
    let url: string | null = null;
    let cancelled = false;
    const forKey = `${locationId}/${version}`;
    plotPlanImage(locationId, version).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setImage({ key: forKey, image: { status: 'ready', url } });
      },
      () => !cancelled && setImage({ key: forKey, image: { status: 'failed' } }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [locationId, version]);
  if (key === null) return { status: 'failed' };
  return image.key === key ? image.image : { status: 'loading' };
}
