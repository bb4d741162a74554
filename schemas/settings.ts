import Type from 'typebox';

/** Structured text of an outage notice (remote settings outagewarningbanner / outagebanner). */
export const OutageBanner = Type.Object({
  Title: Type.String(),
  Message: Type.String(),
});
export type OutageBanner = Type.Static<typeof OutageBanner>;

/** Remote configuration settings: key/value pairs (SPEC §3). */
export const RemoteSettings = Type.Object({
  outagewarningbanner: Type.Optional(Type.Union([OutageBanner, Type.Null()])),
  outagebanner: Type.Optional(Type.Union([OutageBanner, Type.Null()])),
  /** The site map (SPEC §1): on everywhere (true), or at the sites listed by SiteId. */
  plotPlanEnabled: Type.Union([Type.Boolean(), Type.Array(Type.Integer())]),
  workOrdersEnabled: Type.Boolean(),
  copyEnabled: Type.Boolean(),
  serviceDeskEmail: Type.String(),
});
export type RemoteSettings = Type.Static<typeof RemoteSettings>;

/** GET /config: what the app needs before anyone signs in. */
export const PublicConfig = Type.Object({
  productName: Type.String(),
  version: Type.String(),
  revision: Type.String(),
  oidc: Type.Object({ issuer: Type.String(), clientId: Type.String() }),
});
export type PublicConfig = Type.Static<typeof PublicConfig>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});
