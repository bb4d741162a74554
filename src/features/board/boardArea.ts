import { useState } from 'react';
import { abilitiesAt } from '../../../domain/abilities';
import { useAppData } from '../../app/startup/appData';

const keyOf = (email: string) => `openpermit-board-area:${email}`;

/**
 * The board's area (a location and its subtree): the one last chosen on this device, kept in
 * localStorage so a wall screen comes back to it after a restart, else the home location. A kept
 * area the user may no longer view falls back to the home location.
 */
export function useBoardArea(): [number | undefined, (locationId: number) => void] {
  const { data, email } = useAppData();
  const [chosen, setChosen] = useState<number | null>(() => {
    const kept = Number(localStorage.getItem(keyOf(email)));
    return Number.isInteger(kept) && kept > 0 ? kept : null;
  });
  const viewable = chosen !== null && data.tree.byId.has(chosen) && abilitiesAt(data.profile, data.tree, chosen).permits.view;
  const choose = (locationId: number) => {
    localStorage.setItem(keyOf(email), String(locationId));
    setChosen(locationId);
  };
  return [viewable ? chosen : data.homeLocation?.LocationId, choose];
}
