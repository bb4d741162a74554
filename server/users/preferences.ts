import type { Preferences, PreferencesUpdate } from '../../schemas';
import { isSelectableLocation } from '../../domain/abilities';
import type { Database } from '../db/database';
import { audit } from '../audit/record';
import { badRequest } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { findUserById, granteeOf, preferencesOf, type UserRecord } from './users';

const DEFAULT_SCREEN = 'SearchPermits';

/** POST /userpref: changes the home location, printers or one screen's saved filters. */
export async function updatePreferences(db: Database, user: UserRecord, update: PreferencesUpdate): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const current = await findUserById(tx, user.personnel_id);
    if (!current) throw badRequest('Your account no longer exists.');
    const next = preferencesOf(current);
    if (update.HomeLocationId !== undefined) {
      const tree = await loadLocationTree(tx);
      if (!isSelectableLocation(granteeOf(current), tree, update.HomeLocationId)) {
        throw badRequest('That location cannot be your home location: choose an enabled location where you may view permits.');
      }
      next.HomeLocationId = update.HomeLocationId;
    }
    if (update.DefaultPrinterId !== undefined) next.DefaultPrinterId = update.DefaultPrinterId;
    if (update.FavouritePrinters !== undefined) next.FavouritePrinters = update.FavouritePrinters;
    if (update.Filters !== undefined) next.Filters = { ...next.Filters, [update.Screen ?? DEFAULT_SCREEN]: update.Filters };
    else if (update.Screen !== undefined) throw badRequest('Filters is required when a Screen is given.');
    await tx.query('update users set preferences = $2, updated_at = now() where personnel_id = $1', [user.personnel_id, JSON.stringify(next)]);
    await audit(tx, user, 'preferences.update', { type: 'user', id: user.personnel_id }, { fields: Object.keys(update).filter((k) => k !== 'PersonnelId') });
    return next;
  });
}
