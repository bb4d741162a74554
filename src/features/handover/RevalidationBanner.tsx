import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { revalidationStatus } from '../../../domain/handover/revalidation';
import type { ReplicatedPermit } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { useNow } from '../gasTests/useNow';
import { clockOf } from './shiftWords';
import { useShiftPattern } from './useHandover';

/**
 * *Revalidation required* on the permit's page (issue 39): when its site revalidates at shift change
 * and nobody of this shift revalidated it within the grace period, from the replica and the clock.
 * Revalidating is done on the shift handover of its area, linked here.
 */
export function RevalidationBanner({ permit }: { permit: ReplicatedPermit }) {
  const pattern = useShiftPattern(permit.SiteId);
  const now = useNow(30_000);
  if (!pattern || permit.State !== 'APPROVED') return null;
  const status = revalidationStatus(permit, pattern, now);
  if (status.kind !== 'required') return null;
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Revalidation required</MessageBarTitle>
        {`An issuer of the ${status.shift.name} shift was to revalidate this permit by ${clockOf(status.requiredAt.toISOString(), pattern.TimeZone)}. `}
        <AppLink to={`/handover?LocationId=${permit.LocationId}`}>Revalidate it on the shift handover</AppLink>
      </MessageBarBody>
    </MessageBar>
  );
}
