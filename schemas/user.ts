import Type from 'typebox';
import { IsoDate, LocationId, PersonnelId } from './common';

/** Permission type ids of SPEC §6. */
export const PermissionTypes = {
  permitsView: 82,
  permitsEdit: 85,
  permitsPrint: 87,
  formsView: 84,
  formsEdit: 83,
} as const;

export const Permission = Type.Object({
  PermissionTypeId: Type.Union([Type.Literal(82), Type.Literal(83), Type.Literal(84), Type.Literal(85), Type.Literal(87)]),
  Locations: Type.Array(LocationId),
});
export type Permission = Type.Static<typeof Permission>;

export const SavedFilter = Type.Object({
  Id: Type.String({ minLength: 1 }),
  Name: Type.String({ minLength: 1 }),
  Active: Type.Boolean(),
  Filter: Type.Object({
    searchTerms: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
    PermitType: Type.Optional(Type.Array(Type.String())),
    State: Type.Optional(Type.Array(Type.String())),
    fromDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    toDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    dateType: Type.Optional(Type.Union([Type.Literal('today'), Type.Literal('week'), Type.Literal('month'), Type.Literal('custom')])),
    locationId: Type.Optional(LocationId),
    permitIssuer: Type.Optional(Type.String()),
    permitReceiver: Type.Optional(Type.String()),
  }),
});
export type SavedFilter = Type.Static<typeof SavedFilter>;

export const Preferences = Type.Object({
  PersonnelId,
  HomeLocationId: Type.Union([LocationId, Type.Null()]),
  DefaultPrinterId: Type.Union([Type.Integer(), Type.Null()]),
  FavouritePrinters: Type.Array(Type.Integer()),
  /** Saved filters per screen; the default screen is SearchPermits. */
  Filters: Type.Record(Type.String(), Type.Array(SavedFilter)),
});
export type Preferences = Type.Static<typeof Preferences>;

/** The answer of GET /user?Email= (SPEC §7), with the profile fields of SPEC §3. */
export const UserProfile = Type.Object({
  PersonnelId,
  EmailAddress: Type.String(),
  FirstName: Type.String(),
  LastName: Type.String(),
  SiteId: Type.Integer(),
  SysAdminFlag: Type.Boolean(),
  /** Employees sign in through single sign-on; contractors with email and password. */
  Kind: Type.Union([Type.Literal('employee'), Type.Literal('external')]),
  Permissions: Type.Array(Permission),
  Preferences,
});
export type UserProfile = Type.Static<typeof UserProfile>;

export const UserQuery = Type.Object({
  Email: Type.String({ format: 'email', description: 'Email address' }),
});

export const Country = Type.Union([Type.Literal('CAN'), Type.Literal('TTO'), Type.Literal('USA')]);

/** An external user (contractor) as administered in the admin area (SPEC §3). */
export const ExternalUser = Type.Object({
  PersonnelId,
  EmailAddress: Type.String({ format: 'email' }),
  SiteId: Type.Integer(),
  ActiveFlag: Type.Boolean(),
  DeleteFlag: Type.Boolean(),
  SignupInitiated: Type.Boolean(),
  SignupComplete: Type.Boolean(),
  SysAdminFlag: Type.Boolean(),
  FirstName: Type.String({ minLength: 1 }),
  LastName: Type.String({ minLength: 1 }),
  Company: Type.String({ minLength: 1 }),
  StreetAddress: Type.Optional(Type.String()),
  L: Type.Optional(Type.String()),
  State: Type.Optional(Type.String()),
  PostalCode: Type.Optional(Type.String()),
  Country: Type.Optional(Country),
  AccessExpiresDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  CanEdit: Type.Array(LocationId),
  CanPrint: Type.Array(LocationId),
  Permissions: Type.Array(Permission),
});
export type ExternalUser = Type.Static<typeof ExternalUser>;

/** POST /userpref: the home location, default printer or one screen's saved filters. */
export const PreferencesUpdate = Type.Object(
  {
    PersonnelId,
    HomeLocationId: Type.Optional(LocationId),
    DefaultPrinterId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    FavouritePrinters: Type.Optional(Type.Array(Type.Integer())),
    Screen: Type.Optional(Type.String({ minLength: 1 })),
    Filters: Type.Optional(Type.Array(SavedFilter, { maxItems: 10 })),
  },
  { additionalProperties: false, minProperties: 2 },
);
export type PreferencesUpdate = Type.Static<typeof PreferencesUpdate>;
