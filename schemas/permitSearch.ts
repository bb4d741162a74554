import Type from 'typebox';
import { Permit } from './permit';

/**
 * POST /permits/search (SPEC §7): the Elasticsearch request body the app sends. The top level is
 * checked here; the query's clauses are checked where they are translated to SQL
 * (server/search/permitQuery.ts), so an unsupported clause is refused by name and path.
 */
export const PermitSearchBody = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    query: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    sort: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Record(Type.String(), Type.Unknown()), Type.Array(Type.Unknown(), { maxItems: 5 })])),
  },
  { additionalProperties: false },
);
export type PermitSearchBody = Type.Static<typeof PermitSearchBody>;

/** `?keepAlive=1m`: run the search in the background and keep its result this long (at most a day). */
export const PermitSearchQuery = Type.Object(
  { keepAlive: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}(ms|s|m|h|d)$', description: 'keepAlive, e.g. 1m' })) },
  { additionalProperties: false },
);
export type PermitSearchQuery = Type.Static<typeof PermitSearchQuery>;

export const SearchTotal = Type.Object({ value: Type.Integer(), relation: Type.Union([Type.Literal('eq'), Type.Literal('gte')]) });

/** The answer, in Elasticsearch's shape: hits.total is exact up to 10,000, then {10000, "gte"}. */
export const PermitSearchResponse = Type.Object({
  took: Type.Integer(),
  timed_out: Type.Boolean(),
  hits: Type.Object({
    total: SearchTotal,
    max_score: Type.Union([Type.Number(), Type.Null()]),
    hits: Type.Array(Type.Object({ _id: Type.String(), _score: Type.Union([Type.Number(), Type.Null()]), _source: Permit })),
  }),
});
export type PermitSearchResponse = Type.Static<typeof PermitSearchResponse>;

export const AsyncSearchParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Search id' }) });
export type AsyncSearchParams = Type.Static<typeof AsyncSearchParams>;

/** An async search (keepAlive): RUNNING until its response is ready, then COMPLETED with it. */
export const AsyncSearchResponse = Type.Object({
  id: Type.String(),
  state: Type.Union([Type.Literal('RUNNING'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
  response: Type.Optional(PermitSearchResponse),
  error: Type.Optional(Type.String()),
});
export type AsyncSearchResponse = Type.Static<typeof AsyncSearchResponse>;
