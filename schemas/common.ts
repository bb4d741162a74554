import Type from 'typebox';

/** The largest id a database row has (PostgreSQL `integer`): a larger one in an address is refused as such. */
export const INT4_MAX = 2_147_483_647;

/** A location id: 0 is the root of the tree (SPEC §9). */
export const LocationId = Type.Integer({ minimum: 0, description: 'Location id' });

/** A personnel id, issued by the server. */
export const PersonnelId = Type.Integer({ minimum: 1, description: 'Personnel id' });

/** What every refused request carries: a sentence a person can act on. */
export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorResponse = Type.Static<typeof ErrorResponse>;

/** Calendar date, YYYY-MM-DD (SPEC §9 date format). */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Date as YYYY-MM-DD' });
