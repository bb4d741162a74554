/**
 * RxDB tells a database's other tabs of every change by posting it, documents and all, on a
 * BroadcastChannel, and the browser copies the message whether or not any tab listens: on a
 * tablet with the app open once, a first sync copied each page of 1,000 permits for nobody (~8%
 * of its main thread, issue 13). Here each tab holds a Web Lock for every database it opens, and a
 * change is posted only when another tab holds one.
 *
 * Why no change is missed: a tab takes its lock before its database reads anything (the storage
 * instance is handed to RxDB only then), and a change is checked for listeners only after it is
 * written (RxDB posts it from the storage's change stream). A tab that opened after that check
 * reads the change from the database itself.
 */
import { BROADCAST_CHANNEL_BY_TOKEN } from 'rxdb';

const PREFIX = 'openpermit-tab';

/** Channels already seen to: one per database instance, shared by its collections. */
const handled = new WeakSet<object>();

/** Holds this tab's presence until `released` resolves; resolves once other tabs can see it. */
function holdPresence(name: string, released: Promise<void>): Promise<void> {
  return new Promise((held) => {
    void navigator.locks.request(name, () => {
      held();
      return released;
    });
  });
}

async function othersPresent(databaseName: string, mine: string): Promise<boolean> {
  const { held = [] } = await navigator.locks.query();
  return held.some(({ name }) => name !== mine && name?.startsWith(`${PREFIX}:${databaseName}:`));
}

/**
 * Gates the change messages of the database instance `token`. Called as each storage instance is
 * created, before RxDB uses it. Without Web Locks (a page served over plain HTTP from another
 * machine than the browser's) every change is posted, as RxDB does.
 */
export async function postChangesOnlyToOtherTabs(databaseName: string, token: string): Promise<void> {
  const state = BROADCAST_CHANNEL_BY_TOKEN.get(token);
  if (!state || handled.has(state.bc) || typeof navigator === 'undefined' || !navigator.locks) return;
  handled.add(state.bc);
  const { bc } = state;
  const mine = `${PREFIX}:${databaseName}:${token}`;
  let release!: () => void;
  await holdPresence(mine, new Promise<void>((resolve) => (release = resolve)));

  const post = bc.postMessage.bind(bc);
  const close = bc.close.bind(bc);
  // In order, each after the check of the one before: a tab that sees a change sees every one after it.
  let queue = Promise.resolve();
  // RxDB posts only changes on it (leader election uses the channel's internal messages).
  bc.postMessage = (message) => {
    const sent = queue.then(async () => {
      if (await othersPresent(databaseName, mine)) await post(message);
    });
    queue = sent.catch(() => undefined);
    return sent;
  };
  bc.close = () => {
    release();
    return close();
  };
}
