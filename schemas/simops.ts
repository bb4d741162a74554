import Type from 'typebox';

/**
 * A SIMOPS rule for a pair of kinds of work (issue 38): `allowed`, `review` (a warning the
 * approver acknowledges with a comment) or `block` (approval refused) within `SeparationM`.
 */
export const SIMOPS_RULES = ['allowed', 'review', 'block'] as const;
export type SimopsRuleKind = (typeof SIMOPS_RULES)[number];

/**
 * What a kind of work is: a permit type of the site's definitions (`HotWork`) or a hazard flag
 * taken from the permit's form (`ignitionSource`).
 */
const WorkKind = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_-]+$', description: 'Permit type or hazard key' });

export const SimopsRule = Type.Object({
  /** The pair is unordered: A × B is B × A. */
  A: WorkKind,
  B: WorkKind,
  Rule: Type.Union(SIMOPS_RULES.map((r) => Type.Literal(r)) as [ReturnType<typeof Type.Literal<SimopsRuleKind>>]),
  SeparationM: Type.Number({ minimum: 0, maximum: 1000 }),
});
export type SimopsRule = Type.Static<typeof SimopsRule>;

/**
 * A hazard flag read from a permit's form: set when any of the fields (`form.key`, e.g.
 * `HotWork.ignitionSource`) holds a truthy value (a ticked box, a non-empty answer, "yes").
 */
export const SimopsHazard = Type.Object({
  Key: WorkKind,
  Label: Type.String({ minLength: 1, maxLength: 80 }),
  Fields: Type.Array(Type.String({ minLength: 3, maxLength: 200, pattern: '^[^.]+\\.[^.]+$' }), { minItems: 1, maxItems: 20 }),
});
export type SimopsHazard = Type.Static<typeof SimopsHazard>;

/** A site's SIMOPS matrix: its rules and the hazard flags they may name. */
export const SimopsMatrix = Type.Object({
  Rules: Type.Array(SimopsRule, { maxItems: 400 }),
  Hazards: Type.Array(SimopsHazard, { maxItems: 40 }),
});
export type SimopsMatrix = Type.Static<typeof SimopsMatrix>;

/**
 * A site's SIMOPS settings as stored and synced (the `simops:<SiteId>` remote setting): the
 * matrix and each plot plan's scale, metres per map unit, by the plan's location id.
 */
export const SimopsSettings = Type.Object({
  ...SimopsMatrix.properties,
  PlanScales: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Number({ exclusiveMinimum: 0 })),
});
export type SimopsSettings = Type.Static<typeof SimopsSettings>;

/** PUT /simops/sites/:SiteId: the site's matrix (administrators with forms.edit at the site). */
export const SimopsMatrixParams = Type.Object({ SiteId: Type.Integer({ minimum: 1 }) });
export type SimopsMatrixParams = Type.Static<typeof SimopsMatrixParams>;

/** A point on the plot plan: y up from the bottom edge, x from the left (SPEC §9 bounds). */
const PlanPoint = Type.Object({ Latitude: Type.Number({ minimum: 0, maximum: 660 }), Longitude: Type.Number({ minimum: 0, maximum: 1020 }) });

/** POST /simops/scale: two points picked on a location's plot plan and the distance between them on the ground. */
export const PlotPlanScaleBody = Type.Object({
  LocationId: Type.Integer({ minimum: 1 }),
  From: PlanPoint,
  To: PlanPoint,
  DistanceM: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
});
export type PlotPlanScaleBody = Type.Static<typeof PlotPlanScaleBody>;
