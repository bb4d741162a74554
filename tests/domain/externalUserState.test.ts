import { describe, expect, it } from 'vitest';
import { externalUserState } from '../../domain/externalUsers';

describe('external user display state (SPEC §4)', () => {
  // [DeleteFlag, ActiveFlag, SignupInitiated, SignupComplete] → state
  it.each([
    [true, true, true, true, 'DELETED'],
    [true, false, true, false, 'DELETED'],
    [true, true, false, false, 'DELETED'],
    [false, false, true, true, 'DISABLED'],
    [false, false, true, false, 'DISABLED'],
    [false, false, false, false, 'DISABLED'],
    [false, true, true, false, 'PENDING'],
    [false, true, true, true, 'ACTIVE'],
    [false, true, false, true, 'ACTIVE'],
    [false, true, false, false, 'DISABLED'],
  ] as const)('deleted %s, active %s, initiated %s, complete %s → %s', (DeleteFlag, ActiveFlag, SignupInitiated, SignupComplete, state) => {
    expect(externalUserState({ DeleteFlag, ActiveFlag, SignupInitiated, SignupComplete })).toBe(state);
  });
});
