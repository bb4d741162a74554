import { appendToOutbox } from '../../../replication/outbox';
import type { Preferences } from '../../../schemas';
import { preferencesEffect } from '../../app/startup/siteData';
import type { Writer } from '../permits/permitWrites';

/** Saves the default printer or the favourites (POST /userpref through the outbox); the choice shows at once. */
export function savePrinterPreferences({ db, owner }: Writer, current: Preferences, change: Pick<Partial<Preferences>, 'DefaultPrinterId' | 'FavouritePrinters'>, label: string) {
  return appendToOutbox(db, owner, {
    method: 'POST',
    path: '/userpref',
    body: { PersonnelId: current.PersonnelId, ...change },
    label,
    effects: [preferencesEffect({ ...current, ...change })],
  });
}
