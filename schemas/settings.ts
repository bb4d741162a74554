import Type from 'typebox';

/** How loud a notice is; without one the warning banner is informational and the outage banner an error. */
export const BANNER_SEVERITIES = ['info', 'warning', 'error'] as const;

/**
 * Structured text of an outage notice (remote settings outagewarningbanner / outagebanner):
 * severity, title, message, an optional link and an optional end, after which it is no longer shown.
 */
export const OutageBanner = Type.Object(
  {
    // An enum (not a union of literals): the admin form renders it as one dropdown.
    Severity: Type.Optional(Type.Enum(BANNER_SEVERITIES, { title: 'Severity' })),
    Title: Type.String({ title: 'Title', minLength: 1, maxLength: 120 }),
    Message: Type.String({ title: 'Message', minLength: 1, maxLength: 1000 }),
    Link: Type.Optional(Type.String({ title: 'Link', maxLength: 2000, pattern: '^https?://\\S+$', description: 'A web address with more detail (https://…)' })),
    LinkText: Type.Optional(Type.String({ title: 'Link text', maxLength: 120 })),
    EndsAt: Type.Optional(Type.String({ title: 'Ends at', maxLength: 40, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}', description: 'Not shown after this time' })),
  },
  { additionalProperties: false },
);
export type OutageBanner = Type.Static<typeof OutageBanner>;

/** The feature flags of one site (SPEC §1): plot plan, work orders, copy. */
export const SiteFeatures = Type.Object(
  {
    plotPlanEnabled: Type.Boolean({ title: 'Plot plan (site map)' }),
    workOrdersEnabled: Type.Boolean({ title: 'Work orders' }),
    copyEnabled: Type.Boolean({ title: 'Copy permits' }),
  },
  { additionalProperties: false },
);
export type SiteFeatures = Type.Static<typeof SiteFeatures>;

/** PUT /settings/banners: both outage notices; null takes one down. */
export const BannersBody = Type.Object(
  {
    outagewarningbanner: Type.Union([OutageBanner, Type.Null()]),
    outagebanner: Type.Union([OutageBanner, Type.Null()]),
  },
  { additionalProperties: false },
);
export type BannersBody = Type.Static<typeof BannersBody>;

/** Remote configuration settings: key/value pairs (SPEC §3). */
export const RemoteSettings = Type.Object({
  outagewarningbanner: Type.Optional(Type.Union([OutageBanner, Type.Null()])),
  outagebanner: Type.Optional(Type.Union([OutageBanner, Type.Null()])),
  plotPlanEnabled: Type.Boolean(),
  workOrdersEnabled: Type.Boolean(),
  copyEnabled: Type.Boolean(),
  serviceDeskEmail: Type.String(),
  /** Sites whose permit list shows cards expanded by default (SPEC §9: site 21). */
  cardsExpandedSites: Type.Optional(Type.Array(Type.Integer())),
  /** Sites whose permit cards offer Print in their menu (SPEC §9: site 65). */
  cardPrintSites: Type.Optional(Type.Array(Type.Integer())),
  /** The flags of each site that has its own (by SiteId); a site without uses the three above. */
  siteFeatures: Type.Optional(Type.Record(Type.String(), SiteFeatures)),
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

/** GET /live: the process answers (liveness). */
export const Liveness = Type.Object({ status: Type.Literal('ok') });

/** GET /ready: 200 'ready', or 503 while the instance drains for a stop or cannot reach its database (readiness). */
export const Readiness = Type.Object({ status: Type.Union([Type.Literal('ready'), Type.Literal('draining'), Type.Literal('database unreachable')]) });

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});
