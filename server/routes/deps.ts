import type { Config } from '../config';
import type { Database } from '../db/database';
import type { TokenKeys } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';

/** What route modules are given: the database, the configuration, the token keys and the mailer. */
export interface RouteDeps {
  db: Database;
  config: Config;
  keys: TokenKeys;
  mailer: Mailer;
}
