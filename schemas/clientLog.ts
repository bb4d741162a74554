import Type from 'typebox';
import { Timestamp } from './permit';

/** Levels of the client event log, lowest first (SPEC §9: default INFO). */
export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** Most events one POST /log carries (SPEC §9 flush size). */
export const CLIENT_LOG_MAX_EVENTS = 100;

export const ClientLogEvent = Type.Object(
  {
    level: Type.Union(CLIENT_LOG_LEVELS.map((l) => Type.Literal(l)) as [ReturnType<typeof Type.Literal<ClientLogLevel>>]),
    message: Type.String({ minLength: 1, maxLength: 2000 }),
    at: Timestamp,
    /** A few facts that help support (collection, status code...), never form content. */
    context: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 20 })),
  },
  { additionalProperties: false },
);
export type ClientLogEvent = Type.Static<typeof ClientLogEvent>;

/** POST /log: a batch of the browser's events. */
export const ClientLogBody = Type.Object(
  {
    /** The tab's session id, the same one diagnostics show, so support can find its lines. */
    sessionId: Type.String({ minLength: 1, maxLength: 64 }),
    version: Type.String({ maxLength: 40 }),
    events: Type.Array(ClientLogEvent, { minItems: 1, maxItems: CLIENT_LOG_MAX_EVENTS }),
  },
  { additionalProperties: false },
);
export type ClientLogBody = Type.Static<typeof ClientLogBody>;
