import Type from 'typebox';
import { LocationId, PersonnelId } from './common';
import { Comment, Timestamp } from './permit';

/** Template states (SPEC §4). */
export const TEMPLATE_STATES = ['DRAFT', 'REVIEW', 'APPROVED', 'DISCONTINUED'] as const;

export const TemplatePerson = Type.Object({
  PersonnelId,
  FirstName: Type.String(),
  LastName: Type.String(),
  EmailAddress: Type.String(),
});

/** A permit or work template (SPEC §3). ContentJSON is a string, parsed on read, keyed by FormKey. */
export const Template = Type.Object({
  PermitTemplateId: Type.String({ maxLength: 40 }),
  Name: Type.String(),
  FormKey: Type.String(),
  ContentJSON: Type.String(),
  Type: Type.Union([Type.Literal('permit'), Type.Literal('work')]),
  SiteId: Type.Integer(),
  LocationId: Type.Union([LocationId, Type.Null()]),
  State: Type.Union(TEMPLATE_STATES.map((s) => Type.Literal(s)) as [ReturnType<typeof Type.Literal<(typeof TEMPLATE_STATES)[number]>>]),
  ApprovedOn: Type.Union([Timestamp, Type.Null()]),
  ApprovedBy: Type.Union([TemplatePerson, Type.Null()]),
  CreatedBy: TemplatePerson,
  Comments: Type.Array(Comment),
  DateChanged: Timestamp,
});
export type Template = Type.Static<typeof Template>;
