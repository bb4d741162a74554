import type { Config } from '../config';
import type { Database } from '../db/database';
import type { TokenKeys } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import type { ObjectStore } from '../storage/objectStore';

/** What route modules are given: the database, the configuration, the token keys, the mailer and the file store. */
export interface RouteDeps {
  db: Database;
  config: Config;
  keys: TokenKeys;
  mailer: Mailer;
  objects: ObjectStore;
}
