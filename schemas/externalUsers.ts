import Type from 'typebox';
import { IsoDate, LocationId } from './common';
import { Country, ExternalUser } from './user';

/** The display state of SPEC §4, derived from the flags (domain/externalUsers). */
export const ExternalUserState = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('ACTIVE'),
  Type.Literal('DISABLED'),
  Type.Literal('DELETED'),
]);
export type ExternalUserState = Type.Static<typeof ExternalUserState>;

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const Text = (description: string, maxLength = 200) => Type.Optional(Type.String({ maxLength, description }));
const Locations = (description: string) => Type.Optional(Type.Array(LocationId, { maxItems: 500, description }));

/** The fields of the user form (SPEC §5), shared by the invitation and by edits. */
const formFields = {
  EmailAddress: Type.String({ format: 'email', maxLength: 254, description: 'Email address' }),
  ActiveFlag: Type.Boolean({ description: 'Active' }),
  FirstName: Name('First name'),
  LastName: Name('Last name'),
  Company: Type.String({ minLength: 1, maxLength: 200, description: 'Company' }),
  StreetAddress: Text('Street address'),
  /** The city; SPEC §3 says the form also uses it as the State value. */
  L: Text('City', 100),
  State: Text('State', 100),
  PostalCode: Text('Postal code', 20),
  Country: Type.Optional(Country),
  AccessExpiresDate: Type.Optional(Type.Union([IsoDate, Type.Null()], { description: 'Access expires on' })),
  /** Locations where the user may create and edit permits (permission 85), each with its descendants. */
  CanEdit: Locations('Edit permits at'),
  /** Locations where the user may print permits (permission 87), each with its descendants. */
  CanPrint: Locations('Print permits at'),
};

/** POST /users: invite an external user to a site (SPEC §7). */
export const InviteUserBody = Type.Object(
  { ...formFields, SiteId: Type.Integer({ minimum: 1, description: 'Site' }) },
  { additionalProperties: false },
);
export type InviteUserBody = Type.Static<typeof InviteUserBody>;

/**
 * What PATCH /users/{id} may change: the form fields, and DeleteFlag so a deleted user can be
 * restored (their address stays taken, so re-inviting them is not possible).
 */
export const EditableUser = Type.Object(
  { ...formFields, DeleteFlag: Type.Boolean() },
  { additionalProperties: false },
);
export type EditableUser = Type.Static<typeof EditableUser>;

/** One JSON Patch (RFC 6902) operation on a field of the user: `{op, path: '/FirstName', value}`. */
export const UserPatchOperation = Type.Object(
  {
    op: Type.Union([Type.Literal('add'), Type.Literal('replace'), Type.Literal('remove')]),
    path: Type.String({ minLength: 2, maxLength: 100 }),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export const UserPatch = Type.Array(UserPatchOperation, { minItems: 1, maxItems: 50 });
export type UserPatch = Type.Static<typeof UserPatch>;

/** An external user as the admin area shows it, with its display state (not `State`: that is the address's). */
export const ExternalUserView = Type.Object({ ...ExternalUser.properties, DisplayState: ExternalUserState });
export type ExternalUserView = Type.Static<typeof ExternalUserView>;

export const UserListQuery = Type.Object({
  Limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  Page: Type.Integer({ minimum: 0, default: 0 }),
});
export type UserListQuery = Type.Static<typeof UserListQuery>;

/** GET /users: one page of the external users the caller may administer. */
export const UserList = Type.Object({
  UserList: Type.Array(ExternalUserView),
  /** How many there are in all, over every page. */
  Total: Type.Integer(),
  Limit: Type.Integer(),
  Page: Type.Integer(),
});
export type UserList = Type.Static<typeof UserList>;

/** `/users/{id}` or `/users/{email}`: a personnel id, or an email address. */
export const UserParams = Type.Object({ user: Type.String({ minLength: 1, maxLength: 254 }) });
export type UserParams = Type.Static<typeof UserParams>;

/** The invitation carried by the registration link (SPEC §3 Registration invitation). */
const invitation = {
  EmailAddress: Type.String({ minLength: 1, maxLength: 254 }),
  FirstName: Type.String({ minLength: 1, maxLength: 100 }),
  LastName: Type.String({ minLength: 1, maxLength: 100 }),
  token: Type.String({ minLength: 1, maxLength: 200 }),
};

/**
 * GET /auth/invitation: every field optional, because a link missing one is answered with the
 * invalid-link sentence of SPEC §2, not a validation message.
 */
export const InvitationQuery = Type.Object({
  EmailAddress: Type.Optional(Type.String({ maxLength: 254 })),
  FirstName: Type.Optional(Type.String({ maxLength: 100 })),
  LastName: Type.Optional(Type.String({ maxLength: 100 })),
  token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type InvitationQuery = Type.Static<typeof InvitationQuery>;

export const InvitationStatus = Type.Object({ valid: Type.Literal(true) });

/** POST /auth/register: the invitation plus the chosen password (SPEC §5). */
export const RegisterBody = Type.Object(
  { ...invitation, Password: Type.String({ minLength: 1, maxLength: 256, description: 'Password' }) },
  { additionalProperties: false },
);
export type RegisterBody = Type.Static<typeof RegisterBody>;
