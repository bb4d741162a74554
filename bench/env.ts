import type { Session } from './session';

/** What every measurement needs: the running server, the signed-in bench user, the size of their replica. */
export interface BenchEnv {
  url: string;
  session: Session;
  /** The bench user's email: the owner of their outbox entries. */
  owner: string;
  /** Permits in the user's replica scope, as the server counts them. */
  expectedPermits: number;
  log(line: string): void;
}
