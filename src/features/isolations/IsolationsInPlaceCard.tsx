import { IN_PLACE_STATES } from '../../../domain/isolations/lifecycle';
import { AppLink } from '../../app/AppLink';
import { ListCard } from '../dashboard/ListCard';
import { useIsolations } from './useIsolations';

/**
 * The dashboard's Isolations in place (issue 36): certificates whose locks are on the plant, those
 * waiting for de-isolation first (someone is about to take locks off), from the replica. Loaded after
 * the dashboard's first paint, so the first load carries none of it.
 */
export function IsolationsInPlaceCard() {
  const found = useIsolations();
  const inPlace = found
    ?.map(({ doc }) => doc)
    .filter((c) => IN_PLACE_STATES.includes(c.State))
    .sort((a, b) => Number(b.State === 'DE-ISOLATION REQUESTED') - Number(a.State === 'DE-ISOLATION REQUESTED') || a.ReferenceId.localeCompare(b.ReferenceId));
  return (
    <ListCard
      title="Isolations in place"
      items={inPlace}
      keyOf={(c) => c.IsolationCertificateId}
      line={(c) => (
        <>
          <AppLink to={`/isolations/${encodeURIComponent(c.IsolationCertificateId)}`}>{c.ReferenceId}</AppLink>
          {`: ${c.Equipment} (${c.State})`}
        </>
      )}
      footer={<div><AppLink to="/isolations">View Details</AppLink></div>}
    />
  );
}
