import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { appendEvents } from './chain';

const DAY_MS = 24 * 60 * 60_000;

/** The chain's head, with events recorded before the chain sealed first (a no-op once they are). */
export async function chainHead(db: Database): Promise<{ id: number; hash: string }> {
  return db.transaction(async (tx) => {
    await appendEvents(tx, [], { sealOnly: true });
    const [head] = await tx.query<{ last_id: number | string; hash: string }>('select last_id, hash from audit_head');
    return { id: Number(head!.last_id), hash: head!.hash };
  });
}

/**
 * Writes the chain's head to the server log at start and once a day: an outside witness. An
 * operator who keeps these lines (log shipping, a ticket, paper) can show later that the chain up
 * to that event is the one that existed that day: whoever rewrites it must change that hash.
 */
export function scheduleChainWitness(app: FastifyInstance, db: Database): void {
  let timer: NodeJS.Timeout | undefined;
  const witness = () =>
    chainHead(db).then(
      (head) => app.log.info({ auditHeadId: head.id, auditHeadHash: head.hash }, `audit chain head: event ${head.id}, hash ${head.hash}`),
      (error: unknown) => app.log.error({ err: error }, 'the audit chain head could not be read'),
    );
  app.addHook('onReady', async () => {
    await witness();
    timer = setInterval(() => void witness(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
