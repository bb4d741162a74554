/**
 * replica.html: the app's replica code behind `window.bench`, with the runner's token
 * registered as the session would register it, so the app's own HTTP client is used.
 */
import { setTokenSource } from '../../replication/http';
import type { ReplicaPage } from './api';
import { allSynced, drained, editablePermits, queueEdits, syncReplica, watchDrain, watchEdit, watched } from './replica';

/**
 * The runner's token, asked for again each minute (it renews five minutes before expiry). The
 * first is asked for as the page loads: the app's session holds its token before sync starts,
 * and the baseline too takes its token before its clock starts.
 */
const CACHE_MS = 60_000;
let cached = { token: window.benchToken(), at: performance.now() };

// Cached here as the app's session keeps its token in memory: a call to the runner per request
// would add a round trip through the browser's debugging protocol to every request measured.
setTokenSource({
  token: () => {
    if (performance.now() - cached.at > CACHE_MS) cached = { token: window.benchToken(), at: performance.now() };
    return cached.token;
  },
  // The runner signs in again before the token expires; a 401 is a real failure here.
  renewAfterUnauthorized: async () => false,
});

async function storageUsage() {
  return { usage: (await navigator.storage.estimate()).usage ?? 0 };
}

window.bench = { syncReplica, allSynced, storageUsage, editablePermits, watchEdit, watched, queueEdits, watchDrain, drained } satisfies ReplicaPage;
