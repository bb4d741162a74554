import { GasTestsDueCard } from '../gasTests/GasTestsDueCard';
import { HandoverMissingCard } from '../handover/HandoverMissingCard';
import { IsolationsInPlaceCard } from '../isolations/IsolationsInPlaceCard';
import { SimopsTodayCard } from '../simops/SimopsTodayCard';

/** The dashboard's cards beyond the counts, one chunk loaded after them (with the clash index). */
export function MoreCards() {
  return (
    <>
      <HandoverMissingCard />
      <SimopsTodayCard />
      <GasTestsDueCard />
      <IsolationsInPlaceCard />
    </>
  );
}
