import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { LOCAL_DOCS, type ReplicaDatabase } from '../../replication/replica';
import { markSignInNeeded, signInCompleted, signInNeeded$ } from '../../replication/syncState';
import { openTestReplica } from './replica';

describe('signInCompleted', () => {
  let db: ReplicaDatabase;
  let localWrites: number;

  beforeEach(async () => {
    db = await openTestReplica();
    localWrites = 0;
    db.eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) localWrites++;
    });
  });

  afterEach(async () => {
    await db.remove();
  });

  it('writes nothing when no sign-in was needed, as on every start', async () => {
    await signInCompleted(db);
    expect(localWrites).toBe(0);
    expect(await db.getLocal(LOCAL_DOCS.auth)).toBeNull();
    expect(await firstValueFrom(signInNeeded$(db))).toBe(false);
  });

  it('clears a needed sign-in', async () => {
    await markSignInNeeded(db);
    expect(await firstValueFrom(signInNeeded$(db))).toBe(true);
    await signInCompleted(db);
    expect(localWrites).toBe(2);
    expect(await firstValueFrom(signInNeeded$(db))).toBe(false);
    await signInCompleted(db);
    expect(localWrites).toBe(2);
  });
});
