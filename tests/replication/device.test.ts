import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_ABILITIES } from '../../domain/abilities';
import type { UserProfile } from '../../schemas';
import { ensurePersistentStorage, lastSignedInUser, rememberSignedInUser, storagePersistence$ } from '../../src/db/device';
import { replicaName, type DeviceDatabase } from '../../src/db/database';
import { openTestDevice } from './replica';

const profile: UserProfile = {
  PersonnelId: 7,
  EmailAddress: 'issuer@demo.test',
  FirstName: 'Priya',
  LastName: 'Raman',
  SiteId: 1,
  SysAdminFlag: false,
  Kind: 'employee',
  Permissions: [{ PermissionTypeId: 82, Locations: [110] }],
  Preferences: { PersonnelId: 7, HomeLocationId: 110, DefaultPrinterId: null, FavouritePrinters: [], Filters: {} },
};

/** A browser's storage manager that refuses or grants, counting the requests. */
function storageManager(grants: boolean) {
  const calls = { persist: 0 };
  let granted = false;
  return {
    calls,
    persisted: async () => granted,
    persist: async () => {
      calls.persist += 1;
      granted = grants;
      return grants;
    },
  };
}

describe('what the device remembers', () => {
  let db: DeviceDatabase;
  beforeEach(async () => {
    db = await openTestDevice();
  });
  afterEach(() => db.remove());

  it('keeps the last signed-in user and their abilities', async () => {
    expect(await lastSignedInUser(db)).toBeNull();
    const abilities = { ...NO_ABILITIES, permits: { view: true, edit: false, print: false } };
    await rememberSignedInUser(db, { kind: 'employee', email: profile.EmailAddress, profile, abilities }, new Date('2026-05-01T08:00:00Z'));
    expect(await lastSignedInUser(db)).toEqual({ kind: 'employee', email: 'issuer@demo.test', profile, abilities, savedAt: '2026-05-01T08:00:00.000Z' });
  });

  it('asks for persistent storage once, and keeps the answer for the Preferences page', async () => {
    const refusing = storageManager(false);
    expect(await ensurePersistentStorage(db, refusing)).toMatchObject({ persisted: false });
    expect(await ensurePersistentStorage(db, refusing)).toMatchObject({ persisted: false });
    expect(refusing.calls.persist).toBe(1);
    expect(await firstValueFrom(storagePersistence$(db))).toMatchObject({ persisted: false });
    expect(await ensurePersistentStorage(db, undefined)).toBeNull();
  });

  it('writes the answer only when it changes', async () => {
    const refusing = storageManager(false);
    await ensurePersistentStorage(db, refusing, new Date('2026-05-01T08:00:00Z'));
    await ensurePersistentStorage(db, refusing, new Date('2026-05-02T08:00:00Z'));
    expect(await firstValueFrom(storagePersistence$(db))).toEqual({ persisted: false, checkedAt: '2026-05-01T08:00:00.000Z' });
    // Granted since (the user allowed it in the browser's settings): that is worth a write.
    const granted = { persisted: async () => true, persist: async () => true };
    await ensurePersistentStorage(db, granted, new Date('2026-05-03T08:00:00Z'));
    expect(await firstValueFrom(storagePersistence$(db))).toEqual({ persisted: true, checkedAt: '2026-05-03T08:00:00.000Z' });
  });

  it('records a grant', async () => {
    const granting = storageManager(true);
    await ensurePersistentStorage(db, granting);
    expect(await firstValueFrom(storagePersistence$(db))).toMatchObject({ persisted: true });
  });
});

describe('one replica per user', () => {
  it('names each user’s replica apart, whatever the case of their email, without saying who they are', async () => {
    const contractor = await replicaName('contractor@demo.test');
    expect(contractor).toMatch(/^openpermit-user-[0-9a-f]{32}$/);
    expect(contractor).not.toContain('contractor');
    expect(await replicaName(' Contractor@Demo.test ')).toBe(contractor);
    expect(await replicaName('issuer@demo.test')).not.toBe(contractor);
  });
});
