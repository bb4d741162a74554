import type { FastifyInstance } from 'fastify';
import { MADE_AT_HEADER } from '../../schemas/audit';
import { writeContext } from '../db/database';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A device clock ahead of the server by more than this is wrong, not early: its time is not recorded. */
const AHEAD_MS = 5 * 60_000;
const EARLIEST = Date.UTC(2000, 0, 1);

/**
 * When the user made the change on the device (MADE_AT_HEADER), normalized to ISO with
 * milliseconds in UTC; null when absent or not a plausible time. A wrong header never refuses
 * the change: the server's own time is always recorded beside it.
 */
export function deviceTimeOf(header: string | string[] | undefined, now = Date.now()): string | null {
  if (typeof header !== 'string' || !ISO_TIME.test(header)) return null;
  const time = Date.parse(header);
  if (!Number.isFinite(time) || time < EARLIEST || time > now + AHEAD_MS) return null;
  return new Date(time).toISOString();
}

/** Every request's transactions learn the device time of the change they make (audit/record.ts). */
export async function registerDeviceTime(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', (request, _reply, done) => {
    writeContext.run({ deviceAt: deviceTimeOf(request.headers[MADE_AT_HEADER]) }, done);
  });
}
