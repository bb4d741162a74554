import Type from 'typebox';
import { LocationId } from './common';
import { Template } from './template';

/** A template id: the client names a new template (a UUID), so a resend from the outbox finds it made. */
export const PermitTemplateId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Template id' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const FormKey = Type.String({ maxLength: 100 });
/** The content keyed by FormKey, as a JSON string (SPEC §3); 512 KiB stays under the body limit. */
const ContentJSON = Type.String({ maxLength: 524_288 });
const Comment = Type.String({ maxLength: 2000 });

export const TemplateParams = Type.Object({ id: PermitTemplateId });
export type TemplateParams = Type.Static<typeof TemplateParams>;

/** POST /templates (SPEC §7). */
export const CreateTemplateBody = Type.Object(
  {
    PermitTemplateId: Type.Optional(PermitTemplateId),
    Name,
    FormKey,
    ContentJSON,
    Type: Type.Union([Type.Literal('permit'), Type.Literal('work')]),
    SiteId: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
    // Null first: with type coercion a null would otherwise become location 0.
    LocationId: Type.Optional(Type.Union([Type.Null(), LocationId])),
  },
  { additionalProperties: false },
);
export type CreateTemplateBody = Type.Static<typeof CreateTemplateBody>;

/** PATCH /templates/{id}: the fields that changed, among ContentJSON, FormKey and Name. */
export const PatchTemplateBody = Type.Object(
  { ContentJSON: Type.Optional(ContentJSON), FormKey: Type.Optional(FormKey), Name: Type.Optional(Name) },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchTemplateBody = Type.Static<typeof PatchTemplateBody>;

/** POST /templates/{id}/copy: optionally the id the copy gets (the client opens it in the editor at once). */
export const CopyTemplateBody = Type.Object({ PermitTemplateId: Type.Optional(PermitTemplateId) }, { additionalProperties: false });
export type CopyTemplateBody = Type.Static<typeof CopyTemplateBody>;

export const TemplateCommentBody = Type.Object({ Comment: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export type TemplateCommentBody = Type.Static<typeof TemplateCommentBody>;

/** POST /templates/{id}/approve, /discontinue, /reject, /review: an optional comment (required for reject and discontinue). */
export const TemplateActionBody = Type.Object({ Comment: Type.Optional(Comment) }, { additionalProperties: false });
export type TemplateActionBody = Type.Static<typeof TemplateActionBody>;

/** The fields a template search can filter and sort on. */
export const TEMPLATE_SEARCH_FIELDS = ['PermitTemplateId', 'LocationId', 'SiteId', 'Type', 'State', 'FormKey', 'Name'] as const;
const Field = Type.String({ maxLength: 60 });
const Scalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]);
/** term: {Field: value} or {Field: {value}}; terms: {Field: [values]}; match: {Field: value} (exact on these keyword fields). */
const Clause = Type.Object(
  {
    term: Type.Optional(Type.Record(Field, Type.Union([Scalar, Type.Object({ value: Scalar })]))),
    terms: Type.Optional(Type.Record(Field, Type.Array(Scalar, { maxItems: 1000 }))),
    match: Type.Optional(Type.Record(Field, Type.Union([Scalar, Type.Object({ query: Scalar })]))),
  },
  { additionalProperties: false },
);
export type TemplateSearchClause = Type.Static<typeof Clause>;
const Clauses = Type.Union([Clause, Type.Array(Clause, { maxItems: 20 })]);

/** POST /templates/search: the subset of Elasticsearch's query DSL the app sends (SPEC §7). */
export const TemplateSearchBody = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    query: Type.Optional(
      Type.Object(
        {
          term: Type.Optional(Clause.properties.term),
          terms: Type.Optional(Clause.properties.terms),
          match: Type.Optional(Clause.properties.match),
          match_all: Type.Optional(Type.Object({}, { additionalProperties: false })),
          bool: Type.Optional(Type.Object({ must: Type.Optional(Clauses), filter: Type.Optional(Clauses) }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(Type.Array(Type.Union([Field, Type.Record(Field, Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Object({ order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) })]))]), { maxItems: 5 })),
  },
  { additionalProperties: false },
);
export type TemplateSearchBody = Type.Static<typeof TemplateSearchBody>;

export const TemplateSearchResponse = Type.Object({
  hits: Type.Object({
    total: Type.Object({ value: Type.Integer(), relation: Type.String() }),
    hits: Type.Array(Type.Object({ _id: Type.String(), _source: Template })),
  }),
});
export type TemplateSearchResponse = Type.Static<typeof TemplateSearchResponse>;
