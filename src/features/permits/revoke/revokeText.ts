/** SPEC §8 permit messages of the bulk revoke. The catalogue words the one-permit case ('Your have…' included); the several-permit case follows it. */
export const revokedMessage = (count: number) =>
  count === 1 ? 'Your have successfully revoked this permit' : 'Your have successfully revoked these permits';

/** SPEC §8: a revoke that failed as a whole reuses the rejecting message. */
export const REVOKE_FAILED = 'There was a problem rejecting this permit, please try again.';

/** SPEC §8 permits: what a search that found nothing says. */
export const NO_PERMIT_FOUND = 'No Permit found. Please update your filter and try again.';
