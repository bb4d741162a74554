import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { ListCard } from '../dashboard/ListCard';
import { referenceOf } from '../permits/permitText';
import { metres, RULE_LABELS } from './simopsText';
import { useSimops } from './useSimops';

/**
 * The dashboard's SIMOPS clashes today (issue 38): the home site's clashes whose overlap falls
 * on today's calendar day on the device, the worst first, from the replica. Loaded after the
 * dashboard's first paint, so the first load carries none of the clash index.
 */
export function SimopsTodayCard() {
  const { homeLocation } = useAppData().data;
  const view = useSimops();
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  const today = view && homeLocation
    ? view.clashes.clashesAt(homeLocation.SiteId).filter((c) => c.overlap.start < end.getTime() && c.overlap.end > start.getTime())
    : [];
  const name = (id: string) => `Permit # ${referenceOf(view?.permits.get(id)?.PermitInstanceReferenceId ?? 'TBD')}`;
  return (
    <ListCard
      title="SIMOPS clashes today"
      items={view === undefined ? undefined : today}
      keyOf={(clash) => clash.ids.join()}
      line={(clash) => (
        <>
          <AppLink to={`/permits/${encodeURIComponent(clash.ids[0])}/edit`}>{name(clash.ids[0])}</AppLink>
          {' and '}
          <AppLink to={`/permits/${encodeURIComponent(clash.ids[1])}/edit`}>{name(clash.ids[1])}</AppLink>
          {`: ${metres(clash.distanceM)} apart, ${RULE_LABELS[clash.rule].toLowerCase()}`}
        </>
      )}
    />
  );
}
