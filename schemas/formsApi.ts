import Type from 'typebox';
import { LocationId } from './common';
import { PermitDefinition, Timestamp } from './permit';

/** A Form.io form or resource id (24 hex digits, as Form.io makes them). */
export const FormId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Form id' });
export const FormParams = Type.Object({ formId: FormId });
export type FormParams = Type.Static<typeof FormParams>;

export const DefinitionParams = Type.Object({ definitionId: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }) });
export type DefinitionParams = Type.Static<typeof DefinitionParams>;

/** Published: nothing changed since the last publish; for a resource, since the last publish of every form nesting it (SPEC §4). */
export const PublishStatus = Type.Union([Type.Literal('Published'), Type.Literal('Not Published')]);

/** A form of the form builder (SPEC §3 Form-builder form), with its Form.io document. */
export const BuilderForm = Type.Object({
  _id: FormId,
  title: Type.String(),
  name: Type.String(),
  path: Type.String(),
  type: Type.Union([Type.Literal('form'), Type.Literal('resource')]),
  modified: Timestamp,
  project: Type.String(),
  _vid: Type.Integer({ minimum: 0 }),
  properties: Type.Object({ SiteId: Type.Integer(), LocationId: Type.Optional(LocationId) }),
  display: Type.String(),
  components: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** Forms: when they were last published, and the definition it made. */
  publishedAt: Type.Union([Timestamp, Type.Null()]),
  publishedDefinitionId: Type.Union([Type.String(), Type.Null()]),
  status: PublishStatus,
  /** Forms: the ids of the resources they nest; resources: the ids of the forms nesting them. */
  related: Type.Array(Type.String()),
});
export type BuilderForm = Type.Static<typeof BuilderForm>;

export const BuilderFormList = Type.Array(BuilderForm);

/** Saves the builder's form: its title and components (Form.io's form document). */
export const SaveFormBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    display: Type.Optional(Type.Union([Type.Literal('form'), Type.Literal('wizard')])),
    components: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type SaveFormBody = Type.Static<typeof SaveFormBody>;

export const PermitDefinitionList = Type.Object({ PermitDefinitionList: Type.Array(PermitDefinition) });
export type PermitDefinitionList = Type.Static<typeof PermitDefinitionList>;
